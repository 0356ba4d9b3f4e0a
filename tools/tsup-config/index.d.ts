import type { Options } from 'tsup';

export function gdlkitTsup(options: {
  entry: string[] | Record<string, string>;
  banner?: string;
  external?: string[];
}): Options | Options[];
