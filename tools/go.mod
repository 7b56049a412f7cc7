// The tools module: programs and tests that are not the library (the red
// team server, the benchmarks against other sniffers, the comparison with
// Wine) and the browser recorder's scripts. It is a module of its own so that
// the library's module stays standard-library-only, go test ./... at the
// top never needs what these need, and none of these files is in what
// go get downloads.
module github.com/mimesniff/mimesniff/tools

go 1.26.0

require github.com/mimesniff/mimesniff v0.0.0

require (
	github.com/gabriel-vasile/mimetype v1.4.16
	github.com/google/go-cmp v0.7.0
	github.com/nlnwa/gowarc/v3 v3.1.0
)

require (
	github.com/bits-and-blooms/bitset v1.24.0 // indirect
	github.com/google/uuid v1.6.0 // indirect
	github.com/klauspost/compress v1.18.0 // indirect
	github.com/nlnwa/whatwg-url v0.6.2 // indirect
	golang.org/x/net v0.61.0 // indirect
	golang.org/x/text v0.43.0 // indirect
)

require (
	github.com/BurntSushi/toml v1.4.1-0.20240526193622-a339e1f7089c // indirect
	golang.org/x/exp v0.0.0-20261113113407-e3970619a1a4 // indirect
	golang.org/x/exp/typeparams v0.0.0-20231108232855-2478ac86f678 // indirect
	golang.org/x/mod v0.42.0 // indirect
	golang.org/x/sync v0.24.0 // indirect
	golang.org/x/tools v0.52.1-0.20261106145633-d407941a339a // indirect
	honnef.co/go/tools v0.8.2 // indirect
)

replace github.com/mimesniff/mimesniff => ../

tool (
	golang.org/x/exp/cmd/apidiff
	honnef.co/go/tools/cmd/staticcheck
)
