// The rules crate in the browser: the WebAssembly module built from rules-wasm/ (committed
// as /wasm/hexforge_rules.wasm, rebuilt by scripts/rules-wasm.sh). Every rule the page
// uses is asked of it, as JSON: `call({ op: 'state', table: 0 })` gives the answer's `ok`,
// or throws the refusal (`err.rule`, `err.message`). The same file runs under Node for the
// test vectors (scripts/wasm-vectors.mjs): it imports nothing.

let exports = null;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Instantiates the module from its bytes (an ArrayBuffer or typed array). */
export async function fromBytes(bytes) {
  const { instance } = await WebAssembly.instantiate(bytes, {});
  exports = instance.exports;
  return exports;
}

/** Fetches and instantiates the module once; later calls reuse it. */
let loading = null;
export function load(url = '/wasm/hexforge_rules.wasm') {
  if (!loading) {
    loading = fetch(url).then((r) => {
      if (!r.ok) throw new Error('the rules module did not load (' + r.status + ')');
      return r.arrayBuffer();
    }).then(fromBytes);
  }
  return loading;
}

/** The module's answer to `request`, as text (the test vectors compare it byte for byte). */
export function callText(request) {
  if (!exports) throw new Error('the rules module is not loaded');
  const bytes = encoder.encode(typeof request === 'string' ? request : JSON.stringify(request));
  const ptr = exports.hexforge_alloc(bytes.length);
  new Uint8Array(exports.memory.buffer, ptr, bytes.length).set(bytes);
  const at = exports.hexforge_call(ptr, bytes.length);
  const len = exports.hexforge_answer_len();
  return decoder.decode(new Uint8Array(exports.memory.buffer, at, len));
}

/** A refusal by the rules: the rule's name and a sentence. */
export class Refused extends Error {
  constructor(rule, message) {
    super(message);
    this.rule = rule;
  }
}

/** The answer's `ok`; a refusal is thrown as a `Refused`. */
export function call(request) {
  const answer = JSON.parse(callText(request));
  if (answer.error) throw new Refused(answer.error.rule, answer.error.message);
  return answer.ok;
}
