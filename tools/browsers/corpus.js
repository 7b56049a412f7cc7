// corpus.js holds what gencases.js and gencross.js share: the real bodies of
// tools/corpus (checked against its manifest.tsv), the type a server would
// give each body by its file extension, and the slug that names a header set
// after a type.
'use strict';
const fs = require('fs');
const path = require('path');
const crypto = require('crypto');

const root = path.resolve(__dirname, '..', '..');
const corpusDir = process.env.CORPUS_DIR || path.join(root, 'tools', 'corpus', 'out');
const manifest = path.join(root, 'tools', 'corpus', 'manifest.tsv');

const sha = (b) => crypto.createHash('sha256').update(b).digest('hex');

// realBodies returns the real bodies in manifest order, [{name, split,
// bytes}]; it exits the process when one is missing or does not hash as
// the manifest says.
function realBodies() {
  const real = fs.readFileSync(manifest, 'utf8').split('\n').filter((l) => l && !l.startsWith('#')).map((l) => l.split('\t'));
  const out = [];
  let mismatch = 0;
  for (const [name, split, , hash] of real) {
    const p = path.join(corpusDir, name);
    if (!fs.existsSync(p)) { console.error(`missing body ${name}: run node tools/corpus/gen.js`); mismatch++; continue; }
    const b = fs.readFileSync(p);
    if (sha(b) !== hash) { console.error(`body ${name} does not hash as manifest.tsv says`); mismatch++; continue; }
    out.push({ name, split, bytes: b });
  }
  if (mismatch) process.exit(1);
  return out;
}

const typeByExt = {
  png: 'image/png', apng: 'image/apng', gif: 'image/gif', jpg: 'image/jpeg', bmp: 'image/bmp', ico: 'image/x-icon', cur: 'image/x-icon',
  webp: 'image/webp', avif: 'image/avif', tif: 'image/tiff', psd: 'image/vnd.adobe.photoshop', pcx: 'image/x-pcx', tga: 'image/x-tga',
  xbm: 'image/x-xbitmap', ppm: 'image/x-portable-pixmap', jp2: 'image/jp2', svg: 'image/svg+xml', svgz: 'image/svg+xml',
  mp3: 'audio/mpeg', mp2: 'audio/mpeg', ogg: 'audio/ogg', oga: 'audio/ogg', opus: 'audio/ogg', flac: 'audio/flac', wav: 'audio/wav',
  aiff: 'audio/aiff', aif: 'audio/aiff', aifc: 'audio/aiff', au: 'audio/basic', aac: 'audio/aac', m4a: 'audio/mp4', wma: 'audio/x-ms-wma',
  weba: 'audio/webm', mka: 'audio/x-matroska', mid: 'audio/midi', rmi: 'audio/midi',
  mp4: 'video/mp4', m4v: 'video/x-m4v', '3gp': 'video/3gpp', '3g2': 'video/3gpp2', mov: 'video/quicktime', webm: 'video/webm',
  mkv: 'video/x-matroska', avi: 'video/x-msvideo', mpg: 'video/mpeg', vob: 'video/mpeg', ts: 'video/mp2t', m1v: 'video/mpeg',
  ogv: 'video/ogg', flv: 'video/x-flv', wmv: 'video/x-ms-wmv', h264: 'video/h264',
  ttf: 'font/ttf', otf: 'font/otf', ttc: 'font/collection', woff: 'font/woff', woff2: 'font/woff2', eot: 'application/vnd.ms-fontobject',
  zip: 'application/zip', epub: 'application/epub+zip', '7z': 'application/x-7z-compressed', tar: 'application/x-tar', gz: 'application/gzip',
  tgz: 'application/gzip', bz2: 'application/x-bzip2', xz: 'application/x-xz', lzma: 'application/x-lzma', zst: 'application/zstd',
  lz4: 'application/x-lz4', zz: 'application/zlib', rar: 'application/vnd.rar',
  pdf: 'application/pdf', ps: 'application/postscript', eps: 'application/postscript',
  html: 'text/html', xhtml: 'application/xhtml+xml', rss: 'application/rss+xml', rdf: 'application/rdf+xml', atom: 'application/atom+xml',
  xml: 'application/xml', xsl: 'application/xslt+xml', mml: 'application/mathml+xml', kml: 'application/vnd.google-earth.kml+xml',
  json: 'application/json', webmanifest: 'application/manifest+json', js: 'text/javascript', mjs: 'text/javascript', css: 'text/css',
  csv: 'text/csv', tsv: 'text/tab-separated-values', md: 'text/markdown', txt: 'text/plain', ini: 'text/plain', yaml: 'application/yaml',
  vtt: 'text/vtt', srt: 'application/x-subrip', ics: 'text/calendar', vcf: 'text/vcard', sh: 'application/x-sh', rtf: 'application/rtf',
};
const slug = (t) => t.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
const selfType = (name) => {
  const t = typeByExt[name.split('.').pop()];
  if (!t) throw new Error('no type for ' + name);
  return t;
};

module.exports = { typeByExt, slug, selfType, realBodies, sha };
