package main

// orbMutants are the mutants of the cross-origin (ORB) rules of the profiles and the
// JavaScript and JSON scanner behind them (crossorigin.go, chromium.go,
// firefox.go, webkit.go).
var orbMutants = []mutant{}
