// The tools module: programs and tests that are not the library (the red
// team server, the benchmarks against other sniffers, the comparison with
// Wine) and the browser recorder's scripts. It is a module of its own so that
// the library's module stays standard-library-only, go test ./... at the
// top never needs what these need, and none of these files is in what
// go get downloads.
module github.com/mimesniff/mimesniff/tools

go 1.24

require github.com/mimesniff/mimesniff v0.0.0

require github.com/gabriel-vasile/mimetype v1.4.16

replace github.com/mimesniff/mimesniff => ../
