// This go.mod keeps the browser recordings out of the module that go get
// downloads (a directory with its own go.mod is left out of the module's
// zip): they are the evidence for the browser profiles and the serving
// report, read by the package's tests in a clone of the repository, and
// about 750 KB that no user of the package needs. It holds no Go code.
module github.com/mimesniff/mimesniff/testdata/browsers

go 1.24
