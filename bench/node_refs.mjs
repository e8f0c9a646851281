// Reference libraries for the Node benchmark: the same four 2D queries through planck (pure JS)
// and box2d-wasm (Box2D 2.4 compiled to wasm), so bench/node_bench.mjs can time them side by
// side with narrowphase in one run. Installed by `make bench` from bench/package.json only.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

// The loaders resolve the libraries from this directory (bench/node_modules), or from the module
// URL `from` when given (bench/peers/peers.mjs passes its own: bench/peers/node_modules).
const requireFrom = (from) => createRequire(from ?? import.meta.url);

/** Returns { name, cases: { boxBox, octOct, circleBox, octOverlap } } where each case is
 *  (poses) => (i) => number, prepared once per pose set. poses: [{ x, y, angle }]. */
export async function loadPlanck(from) {
  const planck = await import(pathToFileURL(requireFrom(from).resolve('planck')).href);
  const P = planck.default ?? planck;
  const box = new P.Box(0.5, 0.5);
  box.m_radius = 0;
  const octPts = [];
  for (let i = 0; i < 8; i++) {
    const a = (2 * Math.PI * i) / 8;
    octPts.push(new P.Vec2(0.5 * Math.cos(a), 0.5 * Math.sin(a)));
  }
  const oct = new P.Polygon(octPts);
  oct.m_radius = 0;
  const circle = new P.Circle(0.5);
  const id = P.Transform.identity();
  const manifold = new P.Manifold();
  const xfs = (poses) => poses.map((p) => new P.Transform(new P.Vec2(p.x, p.y), p.angle));
  return {
    name: 'planck 1.5',
    boxBox: (poses) => { const xf = xfs(poses); return (i) => { P.CollidePolygons(manifold, box, id, box, xf[i]); return manifold.pointCount; }; },
    octOct: (poses) => { const xf = xfs(poses); return (i) => { P.CollidePolygons(manifold, oct, id, oct, xf[i]); return manifold.pointCount; }; },
    circleBox: (poses) => { const xf = xfs(poses); return (i) => { P.CollidePolygonCircle(manifold, box, id, circle, xf[i]); return manifold.pointCount; }; },
    octOverlap: (poses) => { const xf = xfs(poses); return (i) => (P.testOverlap(oct, 0, oct, 0, id, xf[i]) ? 1 : 0); },
  };
}

export async function loadBox2dWasm(from) {
  const entry = requireFrom(from).resolve('box2d-wasm');
  const dir = entry.replace(/entry\.js$/, '');
  const { default: factory } = await import(dir + 'Box2D.js');
  const B = await factory({ wasmBinary: readFileSync(dir + 'Box2D.wasm') });
  const box = new B.b2PolygonShape();
  box.SetAsBox(0.5, 0.5);
  box.set_m_radius(0);
  const oct = new B.b2PolygonShape();
  const buf = B._malloc(8 * 8);
  for (let i = 0; i < 8; i++) {
    const a = (2 * Math.PI * i) / 8;
    B.HEAPF32[(buf >> 2) + 2 * i] = 0.5 * Math.cos(a);
    B.HEAPF32[(buf >> 2) + 2 * i + 1] = 0.5 * Math.sin(a);
  }
  oct.Set(B.wrapPointer(buf, B.b2Vec2), 8);
  oct.set_m_radius(0);
  const circle = new B.b2CircleShape();
  circle.set_m_radius(0.5);
  const id = new B.b2Transform();
  id.SetIdentity();
  const manifold = new B.b2Manifold();
  const xfs = (poses) => poses.map((p) => { const t = new B.b2Transform(); t.Set(new B.b2Vec2(p.x, p.y), p.angle); return t; });
  return {
    name: 'box2d-wasm 7 (Box2D 2.4)',
    boxBox: (poses) => { const xf = xfs(poses); return (i) => { B.b2CollidePolygons(manifold, box, id, box, xf[i]); return manifold.get_pointCount(); }; },
    octOct: (poses) => { const xf = xfs(poses); return (i) => { B.b2CollidePolygons(manifold, oct, id, oct, xf[i]); return manifold.get_pointCount(); }; },
    circleBox: (poses) => { const xf = xfs(poses); return (i) => { B.b2CollidePolygonAndCircle(manifold, box, id, circle, xf[i]); return manifold.get_pointCount(); }; },
    octOverlap: (poses) => { const xf = xfs(poses); return (i) => (B.b2TestOverlap(oct, 0, oct, 0, id, xf[i]) ? 1 : 0); },
  };
}
