import { plantedAtScale } from '../support/planted-scale.js';

plantedAtScale(2_000);
