module github.com/mimesniff/mimesniff/tools/redteam

go 1.24

require github.com/mimesniff/mimesniff v0.0.0

replace github.com/mimesniff/mimesniff => ../..
