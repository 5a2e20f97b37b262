import { plantedAtScale } from '../support/planted-scale.js';

plantedAtScale(20_000);
