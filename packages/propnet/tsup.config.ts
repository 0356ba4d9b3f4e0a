import { gdlkitTsup } from '@gdlkit/tsup-config';
import { sourceIdentity } from './src/wasm/source-identity.js';

// The build id of the module and IR caches (module-cache.ts's codeIdentity), computed once here from the sources.
export default {
  ...gdlkitTsup({ entry: ['src/index.ts', 'src/index.wasm.ts'], external: ['binaryen'] }),
  define: { PROPNET_BUILD_ID: JSON.stringify(sourceIdentity(import.meta.dirname)) },
};
