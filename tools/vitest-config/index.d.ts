import type { UserConfig } from 'vitest/config';

export function gdlkitVitest(test?: NonNullable<UserConfig['test']>): UserConfig;
