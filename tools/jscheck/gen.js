// gen.js writes testdata/browsers/javascript/verdicts.jsonl.gz: bodies that
// probe the package's JavaScript check (MayParseAsScript in internal/jsscan, the
// last step of Firefox's Opaque Response Blocking), each with V8's answer
// (oracle.js) to whether it parses as a classic script and as JSON.
// TestMayParseAsScript replays the file without node.
//
// V8 stands in for SpiderMonkey, which Firefox parses with: both implement
// the same grammar (ECMAScript with Annex B, a classic script), and the
// check claims only errors the grammar makes, never one an engine's limit
// or a proposal decides.
//
// The bodies, in this order, each row tagged with its kind "k":
//   - corpus: every distinct body (or its first 1445 bytes, all the
//     profile reads) of the recordings' corpora (testdata/browsers
//     crossorigin, navigation, wire) and testdata/files;
//   - cut: prefixes of those, cut at chosen lengths (after a quote, a
//     slash, a line break; short lengths; random lengths), as whole bodies;
//   - snippet: hand-written programs, legal and not, at the edges of the
//     check's rules (ASI, HTML-like comments, hashbang, regular
//     expressions, contextual words, Unicode identifiers, ...);
//   - mutant: snippets and corpus starts with a token inserted, bytes
//     deleted, a space made a line break or the reverse;
//   - pair: every pair of tokens of a vocabulary aimed at the rules, with
//     nothing, a space or a line break between them, alone and after a
//     few left contexts;
//   - soup: random sequences of those tokens and separators;
//   - json: random JSON texts (nested arrays and objects, the edges of
//     strings and numbers), each also with one edit that JavaScript and
//     JSON read differently (\f, U+2028 outside a string, 01, a raw tab
//     in a string, ...), and arrays nested around jsonMaxDepth;
//   - long: each snippet after filler script, so that the profile's cut
//     at HeaderSize falls at each of its bytes in turn;
//   - enc: some of the above in UTF-16 (LE and BE, with their byte order
//     marks) and with a UTF-8 byte order mark.
//
// The output is deterministic for one node version: a seeded generator,
// sorted inputs, gzip without a time stamp. Its first line names the
// engine and counts the rows by kind.
//
// Usage: node tools/jscheck/gen.js [out]   (from the repository root or
// anywhere: paths are relative to this file)
'use strict';

const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
const {spawnSync} = require('child_process');
const {engine} = require('./oracle.js');

const root = path.join(__dirname, '..', '..');
const headerSize = 1445; // HeaderSize: the bytes the profile reads

// mulberry32: a small seeded generator, for a deterministic output.
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = rng(34);
const pick = (a) => a[Math.floor(rand() * a.length)];
const int = (n) => Math.floor(rand() * n);

// corpus reads the bodies of the recordings and testdata/files.
function corpus() {
  const out = [];
  for (const dir of ['crossorigin', 'navigation', 'wire']) {
    const f = path.join(root, 'testdata', 'browsers', dir, 'bodies.jsonl.gz');
    for (const line of zlib.gunzipSync(fs.readFileSync(f)).toString('utf8').split('\n')) {
      if (!line) continue;
      const o = JSON.parse(line);
      out.push(Buffer.from(o.body || o.head, 'base64'));
    }
  }
  const files = path.join(root, 'testdata', 'files');
  for (const name of fs.readdirSync(files).sort()) out.push(fs.readFileSync(path.join(files, name)));
  // The profile reads at most the first 1445 bytes: keep those (the
  // replay checks the cut at 1445 of a longer body against the head as
  // a whole body, one of its extensions).
  return out.map((b) => b.subarray(0, Math.min(b.length, headerSize + 64)));
}

// The vocabulary: tokens aimed at the check's rules.
const names = ['a', 'x', '$', '_x', 'foo', '\u00e9t\u00e9', '\u212e', '\u309b', 'a\u00b7b', 'x\u200cy', '\u{1d465}', '\u01c5',
  '\u216b', 'a\u30fbb', 'a\uff65b', '\u30fb', '\uff65', '\u2e2f', 'a\\u0062', '\\u0061'];
const words = `await break case catch class const continue debugger default delete do else enum export extends finally for
  function if import in instanceof new return super switch throw try typeof var void while with yield let static implements
  interface package private protected public as async from get set of target meta accessor using this null true false
  arguments eval undefined`.split(/\s+/);
const literals = ['1', '0x1F', '0X', '1_0', '1__0', '1_', '0_1', '1n', '08n', '.5', '1e3', '1e', '1.e3', '08', '09.5', '1.', '0b1',
  '0b2', '0o7', '07', '3in', '1..x', '"s"', "'s'", '"a\\"b"', '"\u2028"', '"\u2029"', "'a\\\nb'", '"\\u{41}"', '""', '/a/g',
  '/[/]/', '/=/', '/a/gimsuyd', '/a\\/b/', '`t`', '`${a}`'];
const puncts = `>>>= ... === !== **= <<= >>= >>> &&= ||= ??= => == != <= >= && || ?? ?. ++ -- += -= *= /= %= &= |= ^= << >> ** {
  } ( ) [ ] ; , < > + - * / % & | ^ ! ~ ? : = .`.split(/\s+/);
const specials = ['#', '#x', '#!', '@', '@x', '@charset "a"', '<!--', '-->', '<!-- c\n', '\\', '\x00', '\x01', '\x7f', '\ufffd',
  '\u2028', '\u2029', '\ufeff', '\u00a0', '\u3000', '\u180e', '\u200b', '\u0378', '\u2603', '\u{1f600}', '\u{e0001}', '\u{10ffff}',
  '\u0085', '\u00ad', '\u034f', '\u0600', '\ud7ff', '\u{2ebf0}', '\u{31350}', '\u{30000}', '\u1885', '\u0387', '\u19da', '\u2118'];
const vocab = [...names, ...words, ...literals, ...puncts, ...specials];
const seps = ['', ' ', '\n'];
const softSeps = [' ', ' ', ' ', '', '\n', '\r\n', '\r', '\u2028', '\u2029', '/**/', '/*\n*/', '//c\n', '<!--c\n', '\t', '\v',
  '\f', '\u00a0', '\ufeff', '\n-->c\n'];
const contexts = ['', 'x = ', 'x\n', '(', '[', '{', '{\n', ';', 'f(', 'a.', 'a?.', 'return ', 'if (a) ', 'x = {', 'class A {',
  'function f() {', 'for (', 'let ', 'var ', 'new ', 'typeof ', ')', '}', 'x = y\n'];

// snippets are hand-written programs at the rules' edges; V8 decides
// which are legal.
const snippets = [
  // ASI and operands on lines
  'a\n++b', 'a\n--b', 'a++\nb', 'a\n++\nb', 'a ++b', 'a++ ++b', '++a', '--a', '++\na', '++ +a', '-- -a', '--- a', '1++', 'a\n1', 'a 1',
  '"a" "b"', '"a"\n"b"', 'a = b\n(c)', 'x = function(){}\n(1)', 'do x; while(0) y', 'do;while(0)x', 'if (a) b; else c', 'a\u2028b',
  'a\u2029b', 'a /*\n*/ b', 'a /**/ b', 'a <!-- b\nc', 'a\n<!--b', 'x = 1 <!-- y', 'x-->0', 'a --> b', '\n--> comment', '--> at start',
  '/*\n*/ --> x', '/**/ --> x', 'a /*\n*/ --> x', 'x\n   --> c', 'x\n/*a*/ /*b*/ --> c', 'x /* */ --> c', '<!---->', '<!--',
  // hashbang
  '#!/usr/bin/env node\nx', '#!x', ' #!x', 'x\n#!y', '\n#!x', '#!', '#!\u2028x', '#x', 'a = #x',
  // words as names
  'let\nx = 1', 'var let = 1', 'let = 5', 'let let = 1', 'let [a] = b', 'let\n[a] = b', 'yield = 1', 'await = 2', 'var yield',
  'function yield(){}', 'var async = 1; async\nfunction f(){}', 'async\nx => x', 'async x => x', 'var of = 1; of\n', 'of of of',
  'for (x of y);', 'for (let of of y);', 'for (let in x);', 'var get = 1, set = 2', 'get\nset', 'static\nx', 'enum = 1', 'enum',
  'implements = 1', 'var target', 'meta = 1', 'using x = y', 'using\nx = y', 'await using x = y', 'x = { get a(){return 1}, set a(v){} }',
  'x = {get: 1, set: 2, get(){}, static: 1, async: 3, await: 4}', 'class A { static async *gen(){} get [k](){} \'x\'(){} 42(){} }',
  'class A { #x = 1; m(){ return #x in this } static { } }', 'class A { static #x; }', 'class A extends B {}', 'class extends B {}',
  'x = class A {}', 'x = class {}', 'new class {}', 'x = class extends B {}', 'class A { static x = 1; accessor y = 2 }',
  'async function* g(){ yield* x; await y; for await (x of y); }', 'label: for(;;) break label;', 'a: b: c', 'new.target',
  'function f() { new.target }', 'import.meta', 'import("x")', 'import x from "y"', 'import {a} from "b"', 'import * as n from "m"',
  'import "m"', 'import\nx from "y"', 'export default 1', 'export {a}', 'export\n= 1', 'x = import.meta', 'import(x).then()',
  'super()', 'super.x', 'debugger', 'with (a) {}', '"use strict"; with (a) {}', 'delete a', 'void 0', 'typeof typeof x',
  'new new X()()', 'a = b => {}', 'a => {}\n(1)', '(a) => {}\n.x', 'a\n=> 1', 'async () => await x', 'yield\n* 2', 'await\n/x/',
  // blocks and objects
  '{}', '({})', '{a:1}', '{"a":1}', "{'a' : 1}", '{\n"a": 1}', '{"a"}', '{ "a"\n: 1}', '({"a":1})', 'x = {"a":1}', 'for(;;);{"a":1}',
  'while(1);{"a":1}', '{}&&{}', '{} && 1', '({}) && 1', '{}\n&& 1', 'if (x) {"a":1}', 'x = () => {"a": 1}', 'x {', 'x\n{}',
  'body { color: red }', 'a.b {', 'a?.b {', 'class A {}\n{}', 'if(a){}else{}', 'try{}finally{}', 'try{}catch{}', 'try{}catch(e){}',
  'switch(a){case 1: default:}', '{a}\n/re/', '}/re/', '{}/re/', 'x = {}/re/', 'f()\n/re/g', '(a)/b/c', 'a = b / c / d', 'a\n/b/g',
  // numbers
  '1..toString()', '1.0.toFixed()', '1 .x', '0.5.x', 'a ? .5 : 1', 'a?.5:1', 'x = 1_000', '0x_1', '1__0', '1_', '0_1', '1_000n',
  '08.5', '09', '08n', '0.5n', '1e', '1.e', '3in x', '3 in x', '0b12', '0o9', '0xg', '1e+', '1e-5', '.5e1', '5.', '5.e1', '0n', '01n',
  '1\\u0061', '1$',
  // strings, regular expressions, comments, templates
  '"\u2028"', '"\\\n"', "'\\\r\n'", '"a\nb"', '"a\rb"', "'abc", '"abc', 'x = "', '/\u2028/', '/a\n/', '/[\n]/', '/a', 'x = /[/',
  '/a/\\u0067', '/*', '/* a', '/* a */', '//', '`a', '`a\nb`', '`${`${a}`}`', 'x = `', 'a\\u0062c', '\\u0061 = 1', 'x\\', 'a.\\u0062',
  // brackets
  ')', ']', '}', '(', '[', '{', '(]', '[)', '({)}', 'f(a, b', 'f(a,)', '[,,]', '(a,)', 'a[', 'a.', '.a', 'a +', 'a =', '!', '~', '...a',
  'f(...a)', '[...a]', 'x, ', 'a ??= b', 'a ||= b', 'a &&= b', 'a ** b', '(-a) ** b', '-a ** b', 'a?.[0]', 'a?.(b)', 'a?.b`t`',
  // markup and other formats
  '<html>', '<!DOCTYPE html>', '<?xml version="1.0"?>', 'A secret note', '# Title', '---\na: 1', '@charset "utf-8";', '@import url(a);',
  '@media screen {}', 'WEBVTT\n\n00:00.000 --> 00:01.000\nA caption', ')]}\'\n{"a":1}', 'for(;;);', 'while(1);', '{}&&{"a":1}',
  'callback({"a":1})', 'callback({"a":1});', '/**/callback({"a":1})', 'a,b,c\n1,2,3', 'key=value', '%PDF-1.4', '[1,2]', '"x"', '1',
  'true', 'null', '[]', '[1,]', '{"a":1,}', '{"a":1}{"b":2}', '[1] [2]', '01', '-0', '1.5e+3', '"\\u00e9"', '"\\x41"', "'x'", '-',
  // the bodies the replay found the check wrong on (TestScriptCheckFound), and their neighbours
  'var a = "abc"', 'x = /abc/', 'var \u{2ebf0}', 'export\u{2ebf0}', 'var a\u30fbb', '05.x', '05e1', '05n', '07.5', '08.5', '00.5',
  '05..x', '0_5', '05 .x', 'a /*\n*/ -->', 'a /* */ -->', 'a.throw /= 2', 'a.throw b', 'a?.if /= 2', 'a.in b', 'a.class {',
  '\'\\\r\n\'', '\'\\\r\r\'', '\'\\\u2028\'', '<!--', '<!-', '#!', '#', '1.5e+3', '1.5e', '0x', '0x1', 'exporté',
  'var x\n/[/]/', 'var x /[/]/', 'var a, b\n/re/g', 'let x\n/re/.test(y)', 'const x = 1\n/re/', 'x\n/[/]/', 'a.b\n/[/]/',
  'let ++\n--c', '++\n--c', 'async++\n-x', 'of--\n+y', 'yield++\n!x', 'if++\n-x', 'this++', 'null\n++x',
  'class A extends null {}', 'class A extends 0x1B {}', 'class A extends "s" {}', 'class A extends new X {}',
  'class A extends new new X {}', 'class A extends this {}', 'x = new X {}', 'x = 0x1B {}', 'class 1 {}', 'x = class extends 1 {}',
  'for (;{"a":1};);', 'for (;{}&&x;);', 'for (x;{a:1}.a;);', 'for (;;{"a":1});', 'for (;;);{}&&x', 'for (a in {});{"a":1}',
  'for (;;) {"a":1}', 'for (;function(){}\n{}&&x;);', '({}\n{}&&x)', '[;{}&&x]',
  'x = /abc/\u6f64', 'x = /abc/g1', 'x = /abc/\u00e9', 'x = /abc/d', 'x = /abc/ \u6f64',
  ' \t\n\r[1] \n', '\ufeff[1]', '[1]\ufeff', '[1]\u00a0', '["\u2028"]', '["\t"]', '[-]', '[.5]', '[1.]', '[+1]', 'NaN', '[1e5]',
];

const rows = [];
const seen = new Set();
// add queues body b of kind k, once.
function add(k, b) {
  const key = b.toString('latin1');
  if (seen.has(key)) return;
  seen.add(key);
  rows.push({k, b: b.toString('base64')});
}

// answer asks oracle.js, in a child process, for every row's verdict. A
// body on whose SyntaxError node aborts (it fails an assertion while
// quoting the error's line: node 20's GetErrorSource) gets script null,
// unknown, and e "aborted"; the child is started again after it.
function answer() {
  let aborted = 0;
  for (let i = 0; i < rows.length;) {
    const input = rows.slice(i).map((r) => JSON.stringify({b: r.b})).join('\n') + '\n';
    const r = spawnSync(process.execPath, [path.join(__dirname, 'oracle.js')], {input, maxBuffer: 1 << 30});
    const lines = r.stdout.toString('utf8').split('\n').slice(1).filter((l) => l);
    for (const l of lines) {
      const v = JSON.parse(l);
      const row = rows[i++];
      row.script = v.script;
      row.json = v.json;
      if (v.error !== undefined) {
        if (v.error.startsWith('other: ')) row.script = null; // an engine's limit: the script verdict is unknown
        row.e = v.error.replace(/'[^']*'/g, "'…'").replace(/"[^"]*"/g, '"…"').slice(0, 60);
      }
    }
    if (r.status !== 0 && i < rows.length) {
      Object.assign(rows[i++], {script: null, json: false, e: 'aborted'});
      aborted++;
    }
  }
  return aborted;
}
const utf8 = (s) => Buffer.from(s, 'utf8');

// cuts returns the lengths to cut b at: every length up to 24, after the
// first quotes, slashes, stars and line breaks, and a few at random.
function cuts(b) {
  const ks = new Set();
  for (let k = 1; k < Math.min(b.length, 24); k++) ks.add(k);
  let marks = 0;
  for (let i = 0; i < b.length && marks < 12; i++) {
    if ('"\'/*\n`<'.includes(String.fromCharCode(b[i]))) {
      ks.add(i + 1);
      ks.add(i + 3);
      marks++;
    }
  }
  for (let j = 0; j < 6; j++) ks.add(1 + int(b.length));
  return [...ks].filter((k) => k > 0 && k < b.length).sort((x, y) => x - y);
}

// mutate returns b with one edit: a token inserted, bytes deleted, a
// space made a line break or a line break a space, a byte repeated.
function mutate(b) {
  const i = int(b.length + 1);
  switch (int(5)) {
    case 0:
      return Buffer.concat([b.subarray(0, i), utf8(pick(softSeps) + pick(vocab) + pick(softSeps)), b.subarray(i)]);
    case 1:
      return Buffer.concat([b.subarray(0, i), b.subarray(i + 1 + int(3))]);
    case 2: {
      const c = Buffer.from(b);
      for (let j = i; j < c.length; j++) {
        if (c[j] === 0x20) {
          c[j] = 0x0a;
          break;
        }
        if (c[j] === 0x0a) {
          c[j] = 0x20;
          break;
        }
      }
      return c;
    }
    case 3:
      return Buffer.concat([b.subarray(0, i), b.subarray(Math.max(0, i - 1 - int(4)), i), b.subarray(i)]);
    default:
      return Buffer.concat([b.subarray(0, i), utf8(pick(vocab)), b.subarray(i)]);
  }
}

// jsonText returns a random JSON text of nesting at most depth, with
// JSON's whitespace and the edges of its strings and numbers.
function jsonText(depth) {
  const ws = () => pick(['', '', ' ', '\n', '\t', '\r', ' \n  ']);
  switch (int(depth > 0 ? 7 : 4)) {
    case 0:
      return pick(['0', '-0', '1', '-1', '10', '1.5', '-0.0e+0', '1E5', '1e-7', '2e308', '123456789012345678901234567890', '0.1']);
    case 1:
      return '"' + pick(['', 'a', '\\"', '\\\\', '\\/', '\\b\\f\\n\\r\\t', '\\u00e9', '\\uD800', '\\uDC00\\uD800', '\u2028',
        '\u2029', 'é', '\u{1f600}', '\x7f', '<\/script>']) + '"';
    case 2:
      return pick(['true', 'false', 'null']);
    case 3:
      return '"k"';
    case 4:
    case 5: {
      const n = int(4);
      const items = [];
      for (let j = 0; j < n; j++) items.push(ws() + jsonText(depth - 1) + ws());
      return '[' + items.join(',') + (n ? '' : ws()) + ']';
    }
    default: {
      const n = int(4);
      const items = [];
      for (let j = 0; j < n; j++) items.push(ws() + jsonText(0).replace(/^[^"].*$/, '"k"') + ws() + ':' + ws() + jsonText(depth - 1) + ws());
      return '{' + items.join(',') + (n ? '' : ws()) + '}';
    }
  }
}

// jsonEdits are the edits that make a JSON text no JSON, or JSON of
// another spelling: what JavaScript and JSON disagree on.
const jsonEdits = ['\f', '\v', '\u00a0', '\ufeff', '\u2028', '\u2029', '\t', ',', '01', '1.', '.5', '+1', '-', '1e', '0x1', 'NaN',
  'Infinity', 'undefined', "'s'", '"\t"', '"\x00"', '"\\x41"', '"\\u00"', '"\\a"', '/**/', '//c\n', '\\', ']', '}', '[', '{', ':',
  '"a":1', 'tru', 'nul', 'True', '""', '\x00', '\ud800'];

function encodings(s) {
  const le = Buffer.from(s, 'utf16le');
  const be = Buffer.from(le);
  be.swap16();
  return [Buffer.concat([Buffer.from([0xff, 0xfe]), le]), Buffer.concat([Buffer.from([0xfe, 0xff]), be]),
    Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8(s)])];
}

function main() {
  const out = process.argv[2] || path.join(root, 'testdata', 'browsers', 'javascript', 'verdicts.jsonl.gz');
  const bodies = corpus();
  for (const b of bodies) add('corpus', b);
  for (const b of bodies) for (const k of cuts(b)) add('cut', b.subarray(0, k));
  for (const s of snippets) add('snippet', utf8(s));
  for (const s of snippets) {
    for (let j = 0; j < 30; j++) add('mutant', mutate(utf8(s)));
  }
  for (const b of bodies) {
    const start = b.subarray(0, 200);
    for (let j = 0; j < 3; j++) add('mutant', mutate(start));
  }
  for (const t1 of vocab) {
    for (const sep of seps) {
      for (const t2 of vocab) {
        add('pair', utf8(t1 + sep + t2));
        if (rand() < 0.05) add('pair', utf8(pick(contexts) + t1 + sep + t2));
      }
    }
  }
  for (let j = 0; j < 30000; j++) {
    let s = rand() < 0.5 ? pick(contexts) : '';
    const n = 1 + int(6);
    for (let t = 0; t < n; t++) s += pick(vocab) + pick(softSeps);
    add('soup', utf8(rand() < 0.5 ? s.trimEnd() : s));
  }
  // Each snippet after a script of filler, so that the profile's cut at
  // HeaderSize falls at each of its bytes in turn.
  const line = 'var filler = [1, "two", /3/g, {four: 4}];\n';
  const filler = (n) => line.repeat(Math.floor((n - 1) / line.length)) + ' '.repeat((n - 1) % line.length) + '\n';
  for (const s of snippets) {
    const b = utf8(s + '\n');
    for (let k = 1; k <= b.length; k++) add('long', Buffer.concat([utf8(filler(headerSize - k)), b, utf8('x = 1;\n'.repeat(8))]));
  }
  for (let j = 0; j < 6000; j++) {
    const t = jsonText(1 + int(4));
    add('json', utf8(t));
    const i = int(t.length + 1);
    add('json', utf8(rand() < 0.5 ? t.slice(0, i) + pick(jsonEdits) + t.slice(i) : t.slice(0, i) + t.slice(i + 1)));
  }
  for (const d of [510, 511, 512, 513, 514, 600]) add('json', utf8('['.repeat(d) + ']'.repeat(d)));
  for (const s of [...snippets, ...words.map((w) => 'x ' + w), 'x\u2028y', 'a b', '"\ud800"', 'x = "\udc00"', '\ud800', '\ud83d\ude00']) {
    for (const b of encodings(s)) add('enc', b);
  }
  // Odd byte counts and lone surrogates in UTF-16, and bytes that do not
  // decode in UTF-8.
  for (const b of [[0xff, 0xfe, 0x61], [0xfe, 0xff, 0x00], [0xff, 0xfe, 0x00, 0xd8], [0xff, 0xfe, 0x00, 0xdc, 0x61, 0x00],
    [0xfe, 0xff, 0xd8, 0x00, 0x00, 0x61], [0x22, 0xff, 0x22], [0x61, 0x20, 0xff], [0x78, 0x3d, 0xc3], [0xe2, 0x80], [0x2f, 0x2a, 0xf0]]) {
    add('enc', Buffer.from(b));
  }
  const aborted = answer();
  const counts = {};
  for (const r of rows) counts[r.k] = (counts[r.k] || 0) + 1;
  const header = {...engine, generator: 'tools/jscheck/gen.js', rows: rows.length, kinds: counts, aborted};
  const text = [header, ...rows].map((r) => JSON.stringify(r)).join('\n') + '\n';
  fs.mkdirSync(path.dirname(out), {recursive: true});
  fs.writeFileSync(out + '.tmp', zlib.gzipSync(text, {level: 9}));
  fs.renameSync(out + '.tmp', out);
  process.stderr.write(JSON.stringify(header) + '\n');
}

main();
