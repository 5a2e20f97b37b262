#!/usr/bin/env python3
"""Serve this folder (the guide and the style) to Neo4j Browser: python3 browser/serve.py [port [host]].

Neo4j Browser fetches a remote guide (:play <url>, :guide <url>) or style (:style <url>) from the web page
itself: a cross-origin request with Pragma and Cache-Control headers, so the server must answer the CORS
preflight (OPTIONS) and allow the origin. `python3 -m http.server` does neither. Port 8000 and host 127.0.0.1
unless given (0.0.0.0 inside a container).
"""
import functools
import http.server
import pathlib
import sys

FOLDER = pathlib.Path(__file__).resolve().parent


class Handler(http.server.SimpleHTTPRequestHandler):
    def end_headers(self):
        self.send_header("Access-Control-Allow-Origin", "*")
        self.send_header("Access-Control-Allow-Methods", "GET, HEAD, OPTIONS")
        self.send_header("Access-Control-Allow-Headers", "Pragma, Cache-Control, Content-Type, X-Ajax-Browser-Auth, X-Stream")
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def do_OPTIONS(self):
        self.send_response(204)
        self.end_headers()


def main():
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 8000
    host = sys.argv[2] if len(sys.argv) > 2 else "127.0.0.1"
    handler = functools.partial(Handler, directory=str(FOLDER))
    with http.server.ThreadingHTTPServer((host, port), handler) as server:
        print(f"serving {FOLDER} at http://localhost:{port}/ (in Neo4j Browser: :play http://localhost:{port}/guide.html); Ctrl-C stops")
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()
