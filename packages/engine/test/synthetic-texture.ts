import { createRng } from "./quality/prng";

/**
 * Random texture of stationary statistics, for synthetic footage whose truth is known: a sum
 * of sinusoids of random direction around 120.
 */
export function texture(seed: number) {
  const rng = createRng(seed);
  const waves = Array.from({ length: 24 }, () => {
    const angle = rng.range(0, Math.PI);
    const frequency = rng.range(0.03, 0.25);
    return {
      fx: frequency * Math.cos(angle),
      fy: frequency * Math.sin(angle),
      phase: rng.range(0, 2 * Math.PI),
      amplitude: rng.range(4, 12),
    };
  });
  return (x: number, y: number) =>
    waves.reduce((sum, w) => sum + w.amplitude * Math.sin(w.fx * x + w.fy * y + w.phase), 120);
}
