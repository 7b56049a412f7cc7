module github.com/mimesniff/mimesniff/tools/bench

go 1.24

require github.com/mimesniff/mimesniff v0.0.0

require github.com/gabriel-vasile/mimetype v1.4.16

replace github.com/mimesniff/mimesniff => ../..
