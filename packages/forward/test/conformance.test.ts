import { runConformanceSuite } from '@gdlkit/core/testing';
import { forwardBackend } from '../src/index.js';

runConformanceSuite(forwardBackend);
