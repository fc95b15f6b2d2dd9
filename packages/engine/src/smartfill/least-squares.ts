/**
 * Sparse linear least squares over two fields (u, v) on a pixel grid whose residuals each
 * join a pair of neighbouring pixels p, q:
 *   r_k = cu[p] u_p + cv[p] v_p - cu[q] u_q - cv[q] v_q + constant_k,
 * minimised in sum(weight_k r_k^2) plus a small damping of the change, by preconditioned
 * conjugate gradients. Returns the change of u and v (zero where a field is held).
 */
export type PixelPairs = { first: Int32Array; second: Int32Array };

export type PairResiduals = {
  weight: Float64Array;
  /** Per pixel coefficient of u (and v); one number means the same for every pixel. */
  cu: Float64Array | number;
  cv: Float64Array | number;
  constant: Float64Array;
};

export type Held = { u: Uint8Array; v: Uint8Array };

const coefficient = (c: Float64Array | number, i: number) =>
  typeof c === "number" ? c : (c[i] ?? 0);

export function solvePairLeastSquares(
  pairs: PixelPairs,
  terms: readonly PairResiduals[],
  free: Held,
  size: number,
  options: { iterations: number; damping: number },
): { du: Float64Array; dv: Float64Array } {
  const count = pairs.first.length;
  // Per pair coefficients, so the inner loops only index typed arrays.
  const flat = terms.map((term) => {
    const cuP = new Float64Array(count);
    const cuQ = new Float64Array(count);
    const cvP = new Float64Array(count);
    const cvQ = new Float64Array(count);
    for (let k = 0; k < count; k++) {
      const p = pairs.first[k] ?? 0;
      const q = pairs.second[k] ?? 0;
      cuP[k] = coefficient(term.cu, p);
      cuQ[k] = coefficient(term.cu, q);
      cvP[k] = coefficient(term.cv, p);
      cvQ[k] = coefficient(term.cv, q);
    }
    return { weight: term.weight, constant: term.constant, cuP, cuQ, cvP, cvQ };
  });
  const { first, second } = pairs;
  const apply = (
    xu: Float64Array,
    xv: Float64Array,
    ou: Float64Array,
    ov: Float64Array,
    withConstant: boolean,
  ) => {
    for (let i = 0; i < size; i++) {
      ou[i] = options.damping * (xu[i] as number);
      ov[i] = options.damping * (xv[i] as number);
    }
    for (const term of flat) {
      const { weight, constant, cuP, cuQ, cvP, cvQ } = term;
      for (let k = 0; k < count; k++) {
        const w = weight[k] as number;
        if (w === 0) continue;
        const p = first[k] as number;
        const q = second[k] as number;
        const up = cuP[k] as number;
        const uq = cuQ[k] as number;
        const vp = cvP[k] as number;
        const vq = cvQ[k] as number;
        let r =
          up * (xu[p] as number) +
          vp * (xv[p] as number) -
          uq * (xu[q] as number) -
          vq * (xv[q] as number);
        if (withConstant) r += constant[k] as number;
        const wr = w * r;
        ou[p] = (ou[p] as number) + wr * up;
        ov[p] = (ov[p] as number) + wr * vp;
        ou[q] = (ou[q] as number) - wr * uq;
        ov[q] = (ov[q] as number) - wr * vq;
      }
    }
    for (let i = 0; i < size; i++) {
      if (!free.u[i]) ou[i] = 0;
      if (!free.v[i]) ov[i] = 0;
    }
  };

  const diagU = new Float64Array(size).fill(options.damping);
  const diagV = new Float64Array(size).fill(options.damping);
  for (const term of flat) {
    for (let k = 0; k < count; k++) {
      const w = term.weight[k] as number;
      const p = first[k] as number;
      const q = second[k] as number;
      diagU[p] = (diagU[p] as number) + w * (term.cuP[k] as number) ** 2;
      diagU[q] = (diagU[q] as number) + w * (term.cuQ[k] as number) ** 2;
      diagV[p] = (diagV[p] as number) + w * (term.cvP[k] as number) ** 2;
      diagV[q] = (diagV[q] as number) + w * (term.cvQ[k] as number) ** 2;
    }
  }

  const du = new Float64Array(size);
  const dv = new Float64Array(size);
  const ru = new Float64Array(size);
  const rv = new Float64Array(size);
  const hu = new Float64Array(size);
  const hv = new Float64Array(size);
  apply(du, dv, hu, hv, true);
  for (let i = 0; i < size; i++) {
    ru[i] = -(hu[i] ?? 0);
    rv[i] = -(hv[i] ?? 0);
  }
  const zu = new Float64Array(size);
  const zv = new Float64Array(size);
  const precondition = () => {
    for (let i = 0; i < size; i++) {
      zu[i] = (ru[i] ?? 0) / ((diagU[i] ?? 0) || 1);
      zv[i] = (rv[i] ?? 0) / ((diagV[i] ?? 0) || 1);
    }
  };
  const dot = (a1: Float64Array, b1: Float64Array, a2: Float64Array, b2: Float64Array) => {
    let total = 0;
    for (let i = 0; i < size; i++)
      total += (a1[i] ?? 0) * (a2[i] ?? 0) + (b1[i] ?? 0) * (b2[i] ?? 0);
    return total;
  };
  precondition();
  const pu = Float64Array.from(zu);
  const pv = Float64Array.from(zv);
  let rz = dot(ru, rv, zu, zv);
  for (let iteration = 0; iteration < options.iterations && rz > 0; iteration++) {
    apply(pu, pv, hu, hv, false);
    const curvature = dot(pu, pv, hu, hv);
    if (!(curvature > 0)) break;
    const step = rz / curvature;
    for (let i = 0; i < size; i++) {
      du[i] = (du[i] ?? 0) + step * (pu[i] ?? 0);
      dv[i] = (dv[i] ?? 0) + step * (pv[i] ?? 0);
      ru[i] = (ru[i] ?? 0) - step * (hu[i] ?? 0);
      rv[i] = (rv[i] ?? 0) - step * (hv[i] ?? 0);
    }
    precondition();
    const next = dot(ru, rv, zu, zv);
    const beta = next / rz;
    rz = next;
    for (let i = 0; i < size; i++) {
      pu[i] = (zu[i] ?? 0) + beta * (pu[i] ?? 0);
      pv[i] = (zv[i] ?? 0) + beta * (pv[i] ?? 0);
    }
  }
  return { du, dv };
}
