// files.js writes the files of testdata/browsers for the corpus generators
// (gencorpus.js, gencases.js, gendest.js) and the recorders (record.js,
// destinations.js): each file whole or not at all, and the manifest that
// the Go tests check the recordings against.
'use strict';
const fs = require('fs');
const path = require('path');
const { execFileSync } = require('child_process');

const root = path.resolve(__dirname, '..', '..');

// writeAtomic writes data to file through a temporary file in the same
// directory, renamed over file: a reader (a test or a fuzz run beside a
// recording) sees the old file or the new one, never a part.
function writeAtomic(file, data) {
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  try {
    fs.writeFileSync(tmp, data);
    fs.renameSync(tmp, file);
  } catch (e) {
    fs.rmSync(tmp, { force: true });
    throw e;
  }
}

// updateManifest rewrites testdata/browsers/MANIFEST (the rows and SHA-256
// of every JSON Lines file of the recordings, see
// testdata/browsers/navigation/FORMAT.md) with the Go test that checks it,
// so that there is one definition of it. It needs go; without it, or when
// the test package does not build, it says what to run and sets a failing
// exit code, having written the recordings.
function updateManifest() {
  try {
    execFileSync('go', ['test', '-count=1', '-run', '^TestManifest$', '.', '-args', '-update'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
    console.error('rewrote testdata/browsers/MANIFEST');
  } catch (e) {
    console.error(`could not rewrite testdata/browsers/MANIFEST (${e.message.split('\n')[0]}): run go test -run TestManifest -update at the repository root`);
    process.exitCode = 1;
  }
}

module.exports = { writeAtomic, updateManifest };
