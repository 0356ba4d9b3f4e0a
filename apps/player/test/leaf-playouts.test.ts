import { describe, expect, it } from 'vitest';
import { LeafPlayouts } from '../src/search/leaf-playouts.js';

describe('simulations per new leaf chosen from measured costs', () => {
  it('keeps one while the engine dominates and grows, up to its bound, while the tree does', () => {
    const leaf = new LeafPlayouts(4);
    // Large game: 64 descents cost 0.5 ms of tree, their 64 simulations 5 ms of engine.
    for (let i = 0; i < 4; i++) leaf.observe(0.5, 5, 64, 64);
    expect(leaf.current).toBe(1);
    // The costs change (a small game, or the tree deepening): a descent costs as much as a simulation.
    for (let i = 0; i < 200; i++) leaf.observe(5, 5, 64, 64);
    expect(leaf.current).toBe(4);
    // A descent costing half a simulation asks for two (the tree then costs a quarter of the engine).
    const half = new LeafPlayouts(4);
    for (let i = 0; i < 4; i++) half.observe(16, 64, 64, 128);
    expect(half.current).toBe(2);
  });

  it('waits for 64 descents before choosing, and a fixed number never changes', () => {
    const leaf = new LeafPlayouts(4);
    leaf.observe(10, 1, 32, 32);
    expect(leaf.current).toBe(1);
    leaf.observe(10, 1, 32, 32);
    expect(leaf.current).toBe(4);
    const fixed = LeafPlayouts.fixed(3);
    fixed.observe(10, 1, 640, 640);
    expect(fixed.current).toBe(3);
    const off = new LeafPlayouts(1);
    off.observe(10, 1, 640, 640);
    expect(off.current).toBe(1);
  });
});
