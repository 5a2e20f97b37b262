import { plantedAtScale } from '../support/planted-scale.js';

plantedAtScale();
