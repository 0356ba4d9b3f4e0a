import { runConformanceSuite } from '@gdlkit/core/testing';
import { proverBackend } from '../src/index.js';

runConformanceSuite(proverBackend);
