// The teaching page (the stepper): two shapes in a world view, their Minkowski difference beside
// it, and one player that walks through the library's own traces: GJK step by step, then EPA, then
// the manifold's clipping.
//
// Every number and every point drawn comes from the narrowphase library:
//   np.penetration(..., { trace: true })  depth, normal, witness points, GJK's final simplex, EPA
//                                         steps, and .gjk: the GJK run that seeds EPA, step by step
//   np.manifold(..., { trace: true })     contact points on both shapes, and .clip: separating axes,
//                                         reference face, incident edge, the clipped ends and ids
//   np.distance(..., { trace: true })     distance and closest points, and .gjk when they are apart
//   np.minkowskiDifference(...)           the CSO outline (core polygon + rounding radius)
//   shape.vertices / shape.radius         the shapes' outlines
// The page adds no geometry of its own: it only maps coordinates to pixels and hit-tests the
// pointer with np.overlap against a tiny probe circle.
//
// The player's frames (scene.mjs, buildFrames): one per GJK step ('gjk'); when the shapes overlap,
// EPA's start ('start'), one per EPA step ('step') and EPA's result ('result'), then the manifold
// ('clip' frames: stage 'axes', per clipping attempt 'faces', 'side0', 'side1', then 'kept' or
// 'closest', or the single 'closed-form' frame when a circle is involved); when they are apart the
// GJK steps end in 'apart'. The frames group into chapters 'gjk', 'epa' and 'manifold'.
//
// The scene and the frame live in the URL's hash (urlstate.mjs: #a=...&b=...&f=N, or #preset=name),
// so a link opens the same moment; changing the hash reloads the scene.
//
// Scriptable controller, for tests and for pages that embed this one: window.narrowphaseDemo (also
// window.__np, the name every page of the project uses)
//
//   ready                       Promise, resolves once the library is loaded and the scene drawn
//   setShape(which, kind, params, transform)
//       which      'a' | 'b'
//       kind       'circle' | 'box' | 'capsule' | 'polygon'
//       params     per kind (missing fields take the defaults below):
//                    circle   { radius }                  disc radius
//                    box      { hx, hy }                  half width, half height
//                    capsule  { halfLength, radius }      segment (-halfLength,0)..(halfLength,0) + radius
//                    polygon  { vertices, radius }        points [[x, y], ...] (the library takes their
//                                                         convex hull), rounding radius (default 0)
//       transform  { position: [x, y], angle }  (radians); omitted: the shape keeps its pose
//     Rebuilds the shape through the library (throws the library's Error, with .code, on bad
//     input; the old shape stays), recomputes every query and goes back to the first frame.
//   setTransform(which, transform)   moves a shape, keeping the current frame (as dragging does)
//   loadExample(name)                one of narrowphaseDemo.examples (the Examples menu); presets
//                                    lists those with a note on what goes wrong elsewhere
//   step(), back(), reset(), end()   move through the frames; each returns state()
//   setFrame(f), gotoChapter('gjk' | 'epa' | 'manifold')   jump; each returns state()
//   hover(vertex | null)             rings a traced GJK or EPA point's source vertices (linked views)
//   play(), pause()                  animate at the selected speed
//   url()                            the address that reopens this moment
//   state()   {
//       ready, error,               loaded? last error message (or null)
//       phase, chapter,             the frame's phase (above) and chapter; 'loading' before the library
//       chapters,                   { gjk, epa, manifold }: each chapter's first frame (undefined if none)
//       frame, frames, done,        position in the player, number of frames, at the last frame
//       gjkIndex, gjkCount, gjkStep, gjkStop,  the GJK step shown (null outside 'gjk'), how many, the
//                                   step itself (simplex, kept, weights, closest, direction, support,
//                                   stop) and how the run ended
//       iteration,                  polytope expansions shown so far (0 before EPA, `iterations` after)
//       iterations,                 EPA iterations (expansions) of the library's run (np.penetration().iterations)
//       stepIndex, stepCount,       which EPA trace step is shown (null outside 'step'), how many there are
//                                   (iterations + 1 when EPA converged: the last step finds no progress)
//       overlapping,                np.penetration() !== null
//       depth, normal, pointA, pointB, stop, startedFromEdge, radius,  the library's final answer
//       step,                       the EPA trace step shown (or null): polytope, closestEdge, edgeNormal,
//                                   edgeDistance, support, supportDistance, stop
//       simplex,                    GJK's final simplex
//       clipStage, clipAttempt, clip,  the manifold frame's stage and attempt, and the clipping trace
//       distance, closestA, closestB,  np.distance()
//       contacts, normalManifold,   np.manifold().points and .normal
//       shapes: { a: { kind, params, transform }, b: ... }, selected, hover, linked (the point whose A and B vertices are ringed), playing, speed
//     }
//   worldToClient([x, y]), csoToClient([x, y])  client (viewport) pixels of a point in either view
//   handleToClient(which)       client pixels of a shape's rotation handle
//   select(which)               makes 'a' or 'b' the shape the keyboard moves
//
// The page's modules: scene.mjs (the state and the frames), worldview.mjs and csoview.mjs (the two
// views, over draw.mjs), explain.mjs and explainmore.mjs (the words), editors.mjs and input.mjs
// (input), examples.mjs (the scenes and presets), urlstate.mjs (the URL), format.mjs (numbers as
// text). This one ties them together: rendering, the player's timer, loading the library, the URL
// and the controller above.
import { init } from '../js/narrowphase.mjs';
import { CsoView } from './csoview.mjs';
import { Editors } from './editors.mjs';
import { EXAMPLES, INITIAL } from './examples.mjs';
import { renderLoadError, renderText } from './explain.mjs';
import { bindPlayerControls, WorldInput } from './input.mjs';
import { checkWhich, Scene, validTransform } from './scene.mjs';
import { decodeState, encodeState } from './urlstate.mjs';
import { WorldView } from './worldview.mjs';

const $ = (sel) => document.querySelector(sel);

function clientPoint(view, p) {
	const rect = view.canvas.getBoundingClientRect();
	const [x, y] = view.toScreen(p);
	return { x: rect.left + x, y: rect.top + y };
}

/** The page: its scene, views and inputs, the player's timer, and the controller's actions. */
class Demo {
	constructor() {
		this.scene = new Scene();
		this.worldView = new WorldView($('#world-canvas'));
		this.csoView = new CsoView($('#cso-canvas'));
		this.timer = 0; // the player's pending step while playing
		this.urlTimer = 0; // a pending write of the state into the URL
		this.editors = new Editors(this);
		this.input = new WorldInput(this);
		bindPlayerControls(this);
		const resize = () => this.resize();
		new ResizeObserver(resize).observe(this.worldView.canvas);
		new ResizeObserver(resize).observe(this.csoView.canvas);
		window.addEventListener('resize', resize);
	}

	render() {
		this.worldView.draw(this.scene);
		this.csoView.draw(this.scene);
		this.renderControls();
		renderText(this.scene);
		this.saveUrl();
	}

	/**
	 * The scene and frame into the URL (replacing the entry: stepping adds no history), at most
	 * every 200 ms: a drag renders at pointer rate, and browsers throttle (and warn about) frequent
	 * history updates.
	 */
	saveUrl() {
		if (!this.scene.q || this.applyingUrl || this.urlTimer) return;
		this.urlTimer = setTimeout(() => this.writeUrl(), 200);
	}

	writeUrl() {
		clearTimeout(this.urlTimer);
		this.urlTimer = 0;
		const { scene } = this;
		if (!scene.q) return;
		// A hash changed from outside since the last write (a link, a navigation) wins over the scene.
		if (location.hash !== this.savedHash) {
			this.applyUrl();
			return;
		}
		const hash = encodeState(scene.shapes, scene.frame);
		if (location.hash !== hash) {
			this.savedHash = hash;
			history.replaceState(null, '', hash);
		}
	}

	/** Rebuilds the scene from the URL's hash (a link, or the user editing it); false if it holds none. */
	applyUrl() {
		this.savedHash = location.hash;
		let st;
		try {
			st = decodeState(location.hash);
		} catch (err) {
			console.info(`narrowphase demo: ignoring the URL's state (${err.message})`);
			return false;
		}
		if (!st.preset && !st.a) return false;
		this.applyingUrl = true;
		try {
			if (st.preset) this.loadExample(st.preset);
			else {
				this.setShape('a', st.a.kind, st.a.params, st.a.transform);
				this.setShape('b', st.b.kind, st.b.params, st.b.transform);
				$('#example').value = '';
				this.showNote(null);
			}
			if (st.frame !== undefined) this.setFrame(st.frame);
		} catch (err) {
			console.info(`narrowphase demo: the URL's scene was refused (${err.message})`);
			return false;
		} finally {
			this.applyingUrl = false;
		}
		this.render();
		return true;
	}

	/** A preset's note on what goes wrong elsewhere (HTML), or none. */
	showNote(note) {
		const box = $('#preset-note');
		box.hidden = !note;
		box.innerHTML = note || '';
	}

	setHover(vertex) {
		this.scene.hover = vertex;
		this.render();
	}

	/** Jumps to the first frame of a chapter: 'gjk', 'epa' or 'manifold'. */
	gotoChapter(name) {
		const f = this.scene.chapterStart(name);
		if (f === undefined) return this.state();
		return this.setFrame(f);
	}

	/** The next (+1) or previous (-1) chapter's first frame. */
	chapter(delta) {
		const names = ['gjk', 'epa', 'manifold'].filter((n) => this.scene.chapterStart(n) !== undefined);
		const current = names.indexOf(this.scene.frameInfo().chapter);
		const next = names[Math.max(0, Math.min(names.length - 1, current + delta))];
		return next ? this.gotoChapter(next) : this.state();
	}

	/** The progress bar and the player's buttons. */
	renderControls() {
		const { scene } = this;
		const { q, frame, playing } = scene;
		const count = scene.frameCount();
		$('#progress-bar').style.width = count > 1 ? `${(100 * frame) / (count - 1)}%` : '100%';
		const atStart = frame <= 0;
		const atEnd = frame >= count - 1;
		$('#btn-reset').disabled = !q || atStart;
		$('#btn-back').disabled = !q || atStart;
		$('#btn-step').disabled = !q || atEnd;
		$('#btn-end').disabled = !q || atEnd;
		$('#btn-play').disabled = !q || count <= 1;
		$('#play-icon').setAttribute('d', playing ? 'M4 3h3v10H4zM9 3h3v10H9z' : 'M4 3v10l8-5z');
		$('#play-text').textContent = playing ? 'Pause' : 'Play';
		$('#btn-play').setAttribute('aria-pressed', String(playing));
		const chapter = scene.frameInfo().chapter;
		for (const b of document.querySelectorAll('[data-chapter]')) {
			b.disabled = !q || scene.chapterStart(b.dataset.chapter) === undefined;
			b.setAttribute('aria-current', String(b.dataset.chapter === chapter));
		}
	}

	resize() {
		const a = this.worldView.resize();
		const b = this.csoView.resize();
		if (a || b) this.render();
	}

	state() {
		return this.scene.state();
	}

	// -------------------------------------------------------------- the player

	setFrame(f) {
		this.scene.setFrame(f);
		this.scene.hover = null;
		this.render();
		return this.state();
	}

	step() {
		return this.setFrame(this.scene.frame + 1);
	}

	back() {
		return this.setFrame(this.scene.frame - 1);
	}

	reset() {
		this.scene.playing = false;
		this.stopTimer();
		return this.setFrame(0);
	}

	end() {
		this.scene.playing = false;
		this.stopTimer();
		return this.setFrame(this.scene.frameCount() - 1);
	}

	stopTimer() {
		if (this.timer) clearTimeout(this.timer);
		this.timer = 0;
	}

	schedule() {
		const { scene } = this;
		this.stopTimer();
		if (!scene.playing) return;
		this.timer = setTimeout(() => {
			this.timer = 0;
			if (!scene.playing) return;
			if (scene.atEnd()) {
				this.pause();
				return;
			}
			this.setFrame(scene.frame + 1);
			if (scene.atEnd()) this.pause();
			else this.schedule();
		}, 1000 / scene.speed);
	}

	play() {
		const { scene } = this;
		if (!scene.q) return this.state();
		if (scene.atEnd()) scene.frame = 0; // play from the start again
		scene.playing = true;
		this.render();
		this.schedule();
		return this.state();
	}

	pause() {
		this.scene.playing = false;
		this.stopTimer();
		this.render();
		return this.state();
	}

	togglePlay() {
		if (this.scene.playing) this.pause();
		else this.play();
	}

	setSpeed(speed) {
		this.scene.speed = speed;
		if (this.scene.playing) this.schedule();
	}

	// -------------------------------------------------------------- the scene

	select(which) {
		if (this.scene.selected === which) return;
		this.scene.selected = which;
		this.render();
	}

	setShape(which, kind, params, transform) {
		const { scene } = this;
		if (!scene.np) throw new Error('narrowphase is not loaded yet: await narrowphaseDemo.ready');
		scene.update(() => scene.replaceShape(which, kind, params, transform));
		scene.frame = 0;
		this.editors.sync(which);
		scene.hover = null;
		if (!this.applyingUrl) this.showNote(null);
		this.render();
		return this.state();
	}

	setTransform(which, transform) {
		checkWhich(which);
		this.scene.update(() => {
			this.scene.shapes[which].transform = validTransform(transform);
		});
		this.editors.sync(which, { params: false });
		this.render();
		return this.state();
	}

	loadExample(name) {
		const { scene } = this;
		const ex = EXAMPLES[name];
		if (!ex) throw new TypeError(`unknown example ${JSON.stringify(name)} (one of ${Object.keys(EXAMPLES).join(', ')})`);
		scene.update(() => {
			scene.replaceShape('a', ex.a.kind, ex.a.params, ex.a.transform);
			scene.replaceShape('b', ex.b.kind, ex.b.params, ex.b.transform);
		});
		scene.playing = false;
		this.stopTimer();
		scene.frame = 0;
		this.editors.sync('a');
		this.editors.sync('b');
		$('#example').value = name;
		scene.hover = null;
		this.showNote(ex.note || null);
		this.render();
		return this.state();
	}

	/** Loads the library, builds the first scene and draws it. */
	async start(api) {
		const { scene } = this;
		this.worldView.resize();
		this.csoView.resize();
		this.render();
		try {
			scene.np = await init();
		} catch (err) {
			scene.loadError = err;
			renderLoadError(err);
			throw err;
		}
		scene.update(() => {
			for (const w of ['a', 'b']) scene.replaceShape(w, INITIAL[w].kind, INITIAL[w].params, INITIAL[w].transform);
		});
		scene.frame = 0;
		this.editors.sync('a');
		this.editors.sync('b');
		this.worldView.resize();
		this.csoView.resize();
		this.applyUrl();
		this.render();
		window.addEventListener('hashchange', () => {
			if (location.hash !== this.savedHash) this.applyUrl();
		});
		document.documentElement.dataset.ready = 'true';
		return api;
	}
}

const demo = new Demo();

const api = {
	ready: null,
	setShape: (which, kind, params, transform) => demo.setShape(which, kind, params, transform),
	setTransform: (which, transform) => demo.setTransform(which, transform),
	step: () => demo.step(),
	back: () => demo.back(),
	reset: () => demo.reset(),
	end: () => demo.end(),
	play: () => demo.play(),
	pause: () => demo.pause(),
	state: () => demo.state(),
	select(which) {
		demo.select(which);
		return demo.state();
	},
	examples: Object.keys(EXAMPLES),
	presets: Object.keys(EXAMPLES).filter((k) => EXAMPLES[k].note),
	setFrame: (f) => demo.setFrame(f),
	gotoChapter: (name) => demo.gotoChapter(name),
	hover: (vertex) => {
		demo.setHover(vertex);
		return demo.state();
	},
	url: () => {
		demo.writeUrl();
		return location.href;
	},
	loadExample: (name) => demo.loadExample(name),
	worldToClient: (p) => clientPoint(demo.worldView, p),
	handleToClient: (which) => clientPoint(demo.worldView, demo.worldView.handlePoint(demo.scene, which)),
	csoToClient: (p) => clientPoint(demo.csoView, p),
};
window.narrowphaseDemo = api;
window.__np = api; // the same controller under the name every page of the project uses
api.ready = demo.start(api);
