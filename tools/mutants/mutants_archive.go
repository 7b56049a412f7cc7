package main

// archiveMutants are the mutants of the web archive readers: the WARC reader
// (internal/warc), the answer of a record (internal/archive), the command's
// -warc mode and the Beam pipeline (archive/beam).
var archiveMutants = []mutant{}
