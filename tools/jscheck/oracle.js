// oracle.js answers, for bodies read from its input, whether V8 parses each
// as a classic script and whether JSON.parse accepts it: the two questions
// of Firefox's last ORB step ("parses as JavaScript and does not parse as
// JSON"), asked of a real engine, for the tests of
// jsscan.MayParseAsScript (internal/jsscan/replay_test.go) and for
// tools/jscheck.
//
// A body is decoded as Firefox's check decodes it: a UTF-8 byte order mark
// is dropped, FF FE and FE FF make it UTF-16 (little and big endian), any
// other body is UTF-8, and bytes that do not decode become U+FFFD.
//
// Input: one JSON object a line, {"b": "<base64 of the body>"}.
// Output: first a line naming the engine, {"node": ..., "v8": ...,
// "unicode": ...}; then one line per input line, in order,
// {"script": bool, "json": bool, "error": "..."}, where error is the
// SyntaxError's message (absent when the body parses) or, for an error
// that is no SyntaxError (a RangeError for a nesting too deep), "other: "
// and its message: such a body's script verdict is unknown.
//
// Required as a module (gen.js), it exports verdict and decode.
//
// With the argument --unicode it instead prints, for every code point
// above U+007F, what V8's scanner makes of it outside a string and a
// comment, as ranges "<first hex> <last hex> <class>" of the classes
// start (can start an identifier), part (can continue one), space
// (whitespace), line (a line terminator); code points in none are left
// out.
'use strict';

const fs = require('fs');
const vm = require('vm');
const readline = require('readline');

function decode(b) {
  if (b.length >= 2 && b[0] === 0xff && b[1] === 0xfe) return new TextDecoder('utf-16le').decode(b);
  if (b.length >= 2 && b[0] === 0xfe && b[1] === 0xff) return new TextDecoder('utf-16be').decode(b);
  return new TextDecoder('utf-8').decode(b); // drops a UTF-8 byte order mark
}

// parses reports whether text compiles as a classic script, with the
// error's message where it does not.
function parses(text) {
  try {
    new vm.Script(text);
    return [true, undefined];
  } catch (e) {
    if (e instanceof SyntaxError || (e && e.name === 'SyntaxError')) return [false, String(e.message)];
    return [false, 'other: ' + String(e && e.message)];
  }
}

function verdict(b) {
  const text = decode(b);
  const [script, error] = parses(text);
  let json = true;
  try {
    JSON.parse(text);
  } catch (e) {
    json = false;
  }
  const v = {script, json};
  if (error !== undefined) v.error = error;
  return v;
}

function unicodeClasses() {
  const out = [];
  let run = null;
  const flush = () => {
    if (run) out.push(`${run.first.toString(16)} ${run.last.toString(16)} ${run.cls}`);
    run = null;
  };
  for (let cp = 0x80; cp <= 0x10ffff; cp++) {
    let cls = '';
    if (cp >= 0xd800 && cp <= 0xdfff) {
      cls = ''; // a lone surrogate: no code point of a decoded body
    } else {
      const c = String.fromCodePoint(cp);
      if (parses('var ' + c)[0]) cls = 'start';
      else if (parses('var a' + c + 'b')[0]) cls = parses('a' + c + '++b')[0] ? 'line' : 'part';
      else if (parses('var a' + c)[0]) cls = 'space';
    }
    if (run && run.cls === cls && run.last === cp - 1) {
      run.last = cp;
      continue;
    }
    flush();
    if (cls) run = {first: cp, last: cp, cls};
  }
  flush();
  return out;
}

// engine names the engine that answers: node's, V8's and Unicode's
// versions.
const engine = {node: process.version, v8: process.versions.v8, unicode: process.versions.unicode};

function main() {
  if (process.argv[2] === '--unicode') {
    process.stdout.write(JSON.stringify(engine) + '\n' + unicodeClasses().join('\n') + '\n');
    return;
  }
  fs.writeSync(1, JSON.stringify(engine) + '\n');
  // Each answer is written at once, so that a client learns which body
  // was being read if node aborts (gen.js counts such a body).
  const rl = readline.createInterface({input: process.stdin, crlfDelay: Infinity});
  rl.on('line', (line) => {
    const {b} = JSON.parse(line);
    fs.writeSync(1, JSON.stringify(verdict(Buffer.from(b, 'base64'))) + '\n');
  });
}

module.exports = {verdict, decode, engine};

if (require.main === module) main();
