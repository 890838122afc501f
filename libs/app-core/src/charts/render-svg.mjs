// Renders Vega-Lite specifications to SVG. Vega is ESM-only (with top-level await), so the
// CommonJS server and command line run this in a Node process of its own: a JSON object of
// named specs on stdin, a JSON object of named SVG strings on stdout.
import * as vega from 'vega';
import * as vegaLite from 'vega-lite';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const specs = JSON.parse(input);
const out = {};
for (const [name, spec] of Object.entries(specs)) {
  const view = new vega.View(vega.parse(vegaLite.compile(spec).spec), { renderer: 'none' });
  out[name] = await view.toSVG();
  view.finalize();
}
process.stdout.write(JSON.stringify(out));
