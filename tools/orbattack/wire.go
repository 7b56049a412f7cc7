// Copyright 2026 The mimesniff Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"strconv"
	"sync"
)

// A captureListener hands out connections that keep a copy of what the
// server writes on them, so that a response can be judged by the bytes that
// went out on the wire rather than by what its handler meant to send.
type captureListener struct {
	net.Listener
}

func (l captureListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &captureConn{Conn: c}, nil
}

// A captureConn is a connection whose written bytes are kept from the start
// of the response a handler marked (mark) to the connection's close, when
// done is called with them. The responses the server marks carry
// Connection: close, so each marked connection carries one response.
type captureConn struct {
	net.Conn
	mu     sync.Mutex
	on     bool
	out    bytes.Buffer
	done   func(wire []byte)
	closed bool
}

// mark starts keeping what the server writes from now on; done gets it
// when the connection closes.
func (c *captureConn) mark(done func(wire []byte)) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.on, c.done = true, done
	c.out.Reset()
}

func (c *captureConn) Write(p []byte) (int, error) {
	n, err := c.Conn.Write(p)
	c.mu.Lock()
	if c.on {
		c.out.Write(p[:n])
	}
	c.mu.Unlock()
	return n, err
}

func (c *captureConn) Close() error {
	err := c.Conn.Close()
	c.mu.Lock()
	done, wire := c.done, bytes.Clone(c.out.Bytes())
	first := !c.closed
	c.closed = true
	c.mu.Unlock()
	if first && done != nil {
		done(wire)
	}
	return err
}

// connKey is the context key of a request's connection.
type connKey struct{}

// withConn is an http.Server's ConnContext: it keeps the connection in the
// request's context.
func withConn(ctx context.Context, c net.Conn) context.Context {
	return context.WithValue(ctx, connKey{}, c)
}

// captured returns the connection of r, if it is a captureConn.
func captured(r *http.Request) *captureConn {
	c, _ := r.Context().Value(connKey{}).(*captureConn)
	return c
}

// parseWire reads one HTTP/1.1 response off the wire: its status code,
// header and body as a browser gets them (chunks joined; content codings
// left as they are, for mimesniff.ReportFor to undo).
func parseWire(wire []byte) (status int, h http.Header, body []byte, err error) {
	resp, err := http.ReadResponse(bufio.NewReader(bytes.NewReader(wire)), nil)
	if err != nil {
		return 0, nil, nil, err
	}
	defer resp.Body.Close()
	body, err = io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header, body, err
}

// serveOnce serves target i of ts once, to a signed-in request, from a
// server of its own, and returns the bytes it wrote on the wire.
func serveOnce(ts []target, i int) ([]byte, error) {
	return serveAs(ts, i, true)
}

// serveAs is serveOnce, for a request that is signed in or not.
func serveAs(ts []target, i int, signedIn bool) ([]byte, error) {
	got := make(chan []byte, 1)
	s := &server{targets: ts, auth: "require", onWire: func(wire []byte) { got <- wire }}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	srv := &http.Server{ConnContext: withConn, Handler: http.HandlerFunc(s.app)}
	go srv.Serve(captureListener{l})
	defer srv.Close()
	req, err := http.NewRequest("GET", "http://"+l.Addr().String()+"/r/fresh."+strconv.Itoa(i)+".fetch"+ts[i].Path, nil)
	if err != nil {
		return nil, err
	}
	if signedIn {
		req.AddCookie(&http.Cookie{Name: "sid", Value: sessionValue})
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return <-got, nil
}
