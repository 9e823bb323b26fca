/**
 * Round-robin blocks: every round runs one block per contender, rotating the order, so machine
 * drift (other processes, thermal, GC pressure) affects all contenders alike.
 */
export async function interleaved(names, rounds, block) {
  const samples = Object.fromEntries(names.map((n) => [n, []]));
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < names.length; i++) {
      const name = names[(r + i) % names.length];
      const out = await block(name, r);
      samples[name].push(...(Array.isArray(out) ? out : [out]));
    }
  }
  return samples;
}
