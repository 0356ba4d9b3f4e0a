// Random numbers inside a generated module, exactly as core's Rng draws them: xoshiro128** seeded by splitmix32,
// nextInt(n) = high 32 bits of u32 * n. Playouts in the module then equal core's genericPlayouts seed for seed.
import { type Expr, i32, none, paramTypes, type WasmModule } from './binaryen-facade.js';

/** Adds the globals ra..rd and the functions rngSeed(seed), rngNext() and rngInt(n) (the last two exported). */
export function emitRng(m: WasmModule): void {
  const c = (x: number) => m.i32.const(x);
  for (const g of ['ra', 'rb', 'rc', 'rd']) m.addGlobal(g, i32, true, c(0));
  const get = (g: string) => m.global.get(g, i32);
  // splitmix32 step on local 1 (the running seed); result in local 2.
  const split = (target: string): Expr[] => {
    const z = () => m.local.get(2, i32);
    return [
      m.local.set(1, m.i32.add(m.local.get(1, i32), c(0x9e3779b9 | 0))),
      m.local.set(2, m.local.get(1, i32)),
      m.local.set(2, m.i32.mul(m.i32.xor(z(), m.i32.shr_u(z(), c(16))), c(0x85ebca6b | 0))),
      m.local.set(2, m.i32.mul(m.i32.xor(z(), m.i32.shr_u(z(), c(13))), c(0xc2b2ae35 | 0))),
      m.global.set(target, m.i32.xor(z(), m.i32.shr_u(z(), c(16)))),
    ];
  };
  m.addFunction(
    'rngSeed',
    paramTypes([i32]),
    none,
    [i32, i32],
    m.block(null, [
      m.local.set(1, m.local.get(0, i32)),
      ...split('ra'),
      ...split('rb'),
      ...split('rc'),
      ...split('rd'),
      m.if(
        m.i32.eqz(m.i32.or(m.i32.or(get('ra'), get('rb')), m.i32.or(get('rc'), get('rd')))),
        m.global.set('ra', c(1)),
      ),
    ]),
  );
  m.addFunctionExport('rngSeed', 'rngSeed');
  // xoshiro128**: local 0 = result, local 1 = t.
  m.addFunction(
    'rngNext',
    none,
    i32,
    [i32, i32],
    m.block(
      null,
      [
        m.local.set(0, m.i32.mul(m.i32.rotl(m.i32.mul(get('rb'), c(5)), c(7)), c(9))),
        m.local.set(1, m.i32.shl(get('rb'), c(9))),
        m.global.set('rc', m.i32.xor(get('rc'), get('ra'))),
        m.global.set('rd', m.i32.xor(get('rd'), get('rb'))),
        m.global.set('rb', m.i32.xor(get('rb'), get('rc'))),
        m.global.set('ra', m.i32.xor(get('ra'), get('rd'))),
        m.global.set('rc', m.i32.xor(get('rc'), m.local.get(1, i32))),
        m.global.set('rd', m.i32.rotl(get('rd'), c(11))),
        m.local.get(0, i32),
      ],
      i32,
    ),
  );
  m.addFunction(
    'rngInt',
    paramTypes([i32]),
    i32,
    [],
    m.i32.wrap(
      m.i64.shr_u(
        m.i64.mul(m.i64.extend_u(m.call('rngNext', [], i32)), m.i64.extend_u(m.local.get(0, i32))),
        m.i64.const(32n),
      ),
    ),
  );
  m.addFunctionExport('rngInt', 'rngInt');
}
