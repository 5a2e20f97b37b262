import { plantedAtScale } from '../support/planted-scale.js';

plantedAtScale(10_000);
