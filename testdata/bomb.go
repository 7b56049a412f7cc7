//go:build ignore

// Bomb writes a compression bomb: a gzip, zlib or raw deflate stream of a
// given coded size that decodes to about 1032 times as much, generated as it
// is read, so that a 10 GiB body never exists on disk or in memory.
//
// The decoded content is a short HTML page followed by newlines:
//
//	<!DOCTYPE html><title>bomb</title>
//
// then one dynamic Huffman block whose two literal/length codes (end of
// block, and length 258) and one distance code (1) are one bit each, so
// that every byte 0x55 of its body is four copies of 258 bytes. The stream
// is valid to its end: the gzip trailer (CRC-32 and length) and the zlib
// one (Adler-32) are computed when the reader gets there, which costs a
// pass over the decoded size.
//
// Run it from the module root:
//
//	go run testdata/bomb.go -coding gzip -size 10GiB > /dev/null
//	go run testdata/bomb.go -coding deflate -size 10GiB -http | mimesniff -http -
//	go run testdata/bomb.go -coding gzip -size 10GiB -sniff
//
// -http puts a response header before the body ("HTTP/1.1 200 OK" and
// Content-Encoding), as curl -si prints it. -sniff serves the bomb on a
// loopback server instead and fetches it as a crawler does, with its own
// Accept-Encoding, through mimesniff.ResourceFromResponse; it prints the
// computed type, the time from the request to that answer, the peak
// resident memory of the process (VmHWM), and how many coded bytes
// ResourceFromResponse read, as
//
//	computed=text/html elapsed=1.2ms vmhwm=9876kB read=4096
package main

import (
	"encoding/binary"
	"flag"
	"fmt"
	"hash"
	"hash/adler32"
	"hash/crc32"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/mimesniff/mimesniff"
)

// page is the decoded content before the newlines.
const page = "<!DOCTYPE html><title>bomb</title>\n"

func main() {
	log.SetFlags(0)
	log.SetPrefix("bomb: ")
	coding := flag.String("coding", "gzip", "gzip, zlib (Content-Encoding: deflate) or deflate (raw)")
	size := flag.String("size", "10GiB", "the coded size, in bytes or with a KiB, MiB or GiB suffix")
	withHTTP := flag.Bool("http", false, "write a response header first, as curl -si prints it")
	sniff := flag.Bool("sniff", false, "fetch the bomb from a loopback server with mimesniff.ResourceFromResponse")
	flag.Parse()
	n, err := parseSize(*size)
	if err != nil {
		log.Fatal(err)
	}
	b, err := New(*coding, n)
	if err != nil {
		log.Fatal(err)
	}
	encoding := map[string]string{"gzip": "gzip", "zlib": "deflate", "deflate": "deflate"}[*coding]
	if *sniff {
		if err := fetch(b, encoding); err != nil {
			log.Fatal(err)
		}
		return
	}
	if *withHTTP {
		fmt.Printf("HTTP/1.1 200 OK\r\nContent-Encoding: %s\r\n\r\n", encoding)
	}
	if _, err := io.Copy(os.Stdout, b); err != nil {
		log.Fatal(err)
	}
}

// fetch serves b on a loopback server, fetches it as a crawler does, and
// prints what ResourceFromResponse computed and cost.
func fetch(b *Bomb, encoding string) error {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Encoding", encoding)
		w.Header().Set("Content-Length", strconv.FormatInt(b.Size(), 10))
		io.Copy(w, b) // ends when the client closes the connection
	}))
	defer srv.Close()
	req, err := http.NewRequest("GET", srv.URL, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Accept-Encoding", "gzip, deflate, br, zstd") // as browsers send
	start := time.Now()
	resp, err := srv.Client().Do(req)
	if err != nil {
		return err
	}
	body := &countingBody{ReadCloser: resp.Body}
	resp.Body = body
	r, err := mimesniff.ResourceFromResponse(resp)
	elapsed := time.Since(start)
	resp.Body.Close()
	if err != nil {
		return err
	}
	srv.CloseClientConnections()
	srv.Close()
	fmt.Printf("computed=%s elapsed=%s vmhwm=%s read=%d\n", r.Sniff(), elapsed, vmHWM(), body.n)
	return nil
}

// countingBody counts the bytes read from a response body.
type countingBody struct {
	io.ReadCloser
	n int64
}

func (c *countingBody) Read(p []byte) (int, error) {
	n, err := c.ReadCloser.Read(p)
	c.n += int64(n)
	return n, err
}

// vmHWM returns the peak resident set size of the process, as
// /proc/self/status says it ("9876kB").
func vmHWM() string {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return "unknown"
	}
	for line := range strings.Lines(string(b)) {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			return strings.ReplaceAll(strings.TrimSpace(v), " ", "")
		}
	}
	return "unknown"
}

// parseSize parses "10GiB", "64KiB", "1000".
func parseSize(s string) (int64, error) {
	mult := int64(1)
	for suffix, m := range map[string]int64{"KiB": 1 << 10, "MiB": 1 << 20, "GiB": 1 << 30} {
		if v, ok := strings.CutSuffix(s, suffix); ok {
			s, mult = v, m
		}
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n <= 0 {
		return 0, fmt.Errorf("bad size %q", s)
	}
	return n * mult, nil
}

// A Bomb is the coded stream, generated as it is read.
type Bomb struct {
	head    []byte // framing, the stored block of page, the dynamic block header
	middle  int64  // bytes 0x55 after head
	coding  string
	pairs   int64 // copies of 258 bytes in the dynamic block
	tail    []byte
	trailed bool  // the trailer is in tail
	off     int64 // bytes read
}

// New returns a bomb of the coding ("gzip", "zlib" or "deflate") whose coded
// size is about size bytes (at least the fixed parts).
func New(coding string, size int64) (*Bomb, error) {
	var head []byte
	switch coding {
	case "gzip":
		head = []byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff}
	case "zlib":
		head = []byte{0x78, 0x01}
	case "deflate":
	default:
		return nil, fmt.Errorf("unknown coding %q", coding)
	}
	// A stored block, not final, holding the page.
	head = append(head, 0, byte(len(page)), byte(len(page)>>8), ^byte(len(page)), ^byte(len(page)>>8))
	head = append(head, page...)
	// The dynamic block's header, and three copies to reach a byte
	// boundary.
	var w bitWriter
	w.bits(0, 1)  // BFINAL
	w.bits(2, 2)  // BTYPE: dynamic Huffman codes
	w.bits(29, 5) // HLIT: 286 literal/length codes
	w.bits(0, 5)  // HDIST: 1 distance code
	w.bits(14, 4) // HCLEN: 18 code length codes
	// Code length code lengths, in the order 16, 17, 18, 0, 8, 7, 9, 6,
	// 10, 5, 11, 4, 12, 3, 13, 2, 14, 1: symbols 18 and 1, one bit each
	// (codes 1 and 0).
	for i := range 18 {
		switch i {
		case 2, 17:
			w.bits(1, 3)
		default:
			w.bits(0, 3)
		}
	}
	// Literal/length lengths: 256 zeros, 1 (end of block), 28 zeros, 1
	// (length 258); then the distance code's length, 1.
	w.bits(1, 1)
	w.bits(138-11, 7) // 18: 138 zeros
	w.bits(1, 1)
	w.bits(118-11, 7) // 18: 118 zeros
	w.bits(0, 1)      // 1
	w.bits(1, 1)
	w.bits(28-11, 7) // 18: 28 zeros
	w.bits(0, 1)     // 1
	w.bits(0, 1)     // 1
	for range 3 {
		w.bits(1, 1) // length 258
		w.bits(0, 1) // distance 1
	}
	if w.n != 0 {
		return nil, fmt.Errorf("dynamic block header not aligned: %d bits left", w.n)
	}
	head = append(head, w.out...)
	// The tail: end of block, then an empty final block with fixed
	// codes.
	w = bitWriter{}
	w.bits(0, 1) // end of block
	w.bits(1, 1) // BFINAL
	w.bits(1, 2) // BTYPE: fixed Huffman codes
	w.bits(0, 7) // end of block
	w.flush()
	tail := w.out
	trailer := map[string]int{"gzip": 8, "zlib": 4, "deflate": 0}[coding]
	middle := size - int64(len(head)+len(tail)+trailer)
	if middle < 0 {
		middle = 0
	}
	return &Bomb{head: head, middle: middle, coding: coding, pairs: 3 + 4*middle, tail: tail}, nil
}

// Size returns the coded size.
func (b *Bomb) Size() int64 {
	return int64(len(b.head)) + b.middle + int64(len(b.tail)) + int64(map[string]int{"gzip": 8, "zlib": 4}[b.coding])
}

// DecodedSize returns the size of the decoded content.
func (b *Bomb) DecodedSize() int64 { return int64(len(page)) + 258*b.pairs }

func (b *Bomb) Read(p []byte) (int, error) {
	head, middle := int64(len(b.head)), b.middle
	n := 0
	for n < len(p) {
		var k int
		switch off := b.off; {
		case off < head:
			k = copy(p[n:], b.head[off:])
		case off < head+middle:
			k = int(min(int64(len(p)-n), head+middle-off))
			for i := range k {
				p[n+i] = 0x55
			}
		default:
			if !b.trailed {
				b.tail = append(b.tail, b.trailer()...)
				b.trailed = true
			}
			rest := off - head - middle
			if rest >= int64(len(b.tail)) {
				if n > 0 {
					return n, nil
				}
				return 0, io.EOF
			}
			k = copy(p[n:], b.tail[rest:])
		}
		n += k
		b.off += int64(k)
	}
	return n, nil
}

// trailer returns the gzip or zlib trailer: a pass over the decoded content.
func (b *Bomb) trailer() []byte {
	var h hash.Hash32
	switch b.coding {
	case "gzip":
		h = crc32.NewIEEE()
	case "zlib":
		h = adler32.New()
	default:
		return nil
	}
	h.Write([]byte(page))
	nl := []byte(strings.Repeat("\n", 258*256))
	for left := 258 * b.pairs; left > 0; {
		k := min(left, int64(len(nl)))
		h.Write(nl[:k])
		left -= k
	}
	if b.coding == "zlib" {
		return binary.BigEndian.AppendUint32(nil, h.Sum32())
	}
	t := binary.LittleEndian.AppendUint32(nil, h.Sum32())
	return binary.LittleEndian.AppendUint32(t, uint32(b.DecodedSize()))
}

// bitWriter packs bits as deflate does: the first bit is the lowest of the
// first byte.
type bitWriter struct {
	out []byte
	acc uint64
	n   uint
}

// bits writes the low n bits of v, lowest first.
func (w *bitWriter) bits(v uint64, n uint) {
	w.acc |= v << w.n
	w.n += n
	for w.n >= 8 {
		w.out = append(w.out, byte(w.acc))
		w.acc >>= 8
		w.n -= 8
	}
}

// flush writes the last bits, padded with zeros.
func (w *bitWriter) flush() {
	if w.n > 0 {
		w.out = append(w.out, byte(w.acc))
		w.acc, w.n = 0, 0
	}
}
