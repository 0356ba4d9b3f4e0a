import { gdlkitVitest } from '@gdlkit/vitest-config';

export default gdlkitVitest();
