import { runConformanceSuite } from '@gdlkit/core/testing';
import { nativeBackend } from '../src/index.js';

runConformanceSuite(nativeBackend);
