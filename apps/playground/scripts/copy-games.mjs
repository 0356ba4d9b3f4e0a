// Copies the corpus (games/*.kif) into public/games/ with an index of each game's kind, roles, source and licence
// as games/NOTICE.md gives them, so the built site lists the corpus and shows each game's terms.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const games = join(here, '..', '..', '..', 'games');
const out = join(here, '..', 'public', 'games');
mkdirSync(out, { recursive: true });

const notice = new Map();
for (const line of readFileSync(join(games, 'NOTICE.md'), 'utf8').split('\n')) {
  const cells = line.split('|').map((c) => c.trim());
  if (cells.length < 9 || !cells[1].endsWith('.kif')) continue;
  const [, file, kind, roles, repository, path, commit, licence] = cells;
  notice.set(file, { kind, roles: Number(roles), source: `${repository} ${path} @ ${commit}`, licence });
}

const index = [];
for (const file of readdirSync(games).filter((f) => f.endsWith('.kif')).sort()) {
  const entry = notice.get(file);
  if (!entry) throw new Error(`games/NOTICE.md has no row for ${file}`);
  copyFileSync(join(games, file), join(out, file));
  index.push({ name: file.replace(/\.kif$/, ''), ...entry });
}
writeFileSync(join(out, 'index.json'), `${JSON.stringify(index)}\n`);
console.log(`copied ${index.length} games to public/games/`);
