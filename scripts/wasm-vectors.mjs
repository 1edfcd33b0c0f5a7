// The test vectors run in the browser's module under Node: each request's answer must be
// the bytes the native build gave, so the page runs the rules and bots the tests run.
//   cargo run -p hexforge-rules-wasm --example vectors > NATIVE.jsonl
//   node scripts/wasm-vectors.mjs NATIVE.jsonl [MODULE]   (default web/wasm/hexforge_rules.wasm)
// It loads web/js/rules.js, the page's own wrapper, so the wrapper is tested too.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const wrapper = readFileSync(join(root, 'web/js/rules.js'), 'utf8');
const rules = await import('data:text/javascript;base64,' + Buffer.from(wrapper).toString('base64'));
if (!process.argv[2]) {
  console.error('usage: node scripts/wasm-vectors.mjs NATIVE.jsonl [MODULE]');
  process.exit(2);
}
const modulePath = process.argv[3] || join(root, 'web/wasm/hexforge_rules.wasm');
await rules.fromBytes(readFileSync(modulePath));

const lines = readFileSync(process.argv[2], 'utf8').split('\n').filter((l) => l.trim());
if (lines.length < 20) {
  console.error('only ' + lines.length + ' vectors in ' + process.argv[2] + ': the native run failed?');
  process.exit(1);
}
const marker = ',"answer":';
let differ = 0;
const started = process.hrtime.bigint();
lines.forEach((line, i) => {
  const at = line.indexOf(marker);
  const request = line.slice('{"request":'.length, at);
  const expected = line.slice(at + marker.length, -1);
  const got = rules.callText(request);
  if (got !== expected) {
    differ += 1;
    console.error('line ' + (i + 1) + ': ' + request + '\n  native ' + expected.slice(0, 300) + '\n  module ' + got.slice(0, 300));
  }
});
const ms = Number(process.hrtime.bigint() - started) / 1e6;
if (differ) {
  console.error(differ + ' of ' + lines.length + ' answers differ between the native build and the module');
  process.exit(1);
}
console.log('the module gives the native answers to all ' + lines.length + ' test vectors (' + ms.toFixed(0) + ' ms under Node)');
