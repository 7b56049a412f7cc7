/*
 * Copyright 2026 The mimesniff Authors. All rights reserved.
 * Use of this source code is governed by a BSD-style
 * license that can be found in the LICENSE file.
 *
 * findmime calls urlmon's FindMimeFromData for the differential test of
 * mimesniff.FindMimeFromData (see ../wine_test.go); it is built with MinGW and
 * run under Wine.
 *
 * With no arguments, it reads one call a line from standard input: three
 * tab-separated fields, the buffer, the proposed type and the URL, each "-"
 * for NULL or else its bytes in hexadecimal (an empty field is an empty
 * buffer or string). Each byte of a string becomes one WCHAR. It writes one
 * line a call: "OK " and the answer's WCHARs in hexadecimal (four digits
 * each), or "ERR " and the HRESULT.
 *
 * With arguments "reg EXT...", it writes "EXT<TAB>VALUE" for every EXT whose
 * HKEY_CLASSES_ROOT key has a "Content Type" value, as FindMimeFromData reads
 * it.
 */
#include <windows.h>
#include <urlmon.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int hexval(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* decode turns the hexadecimal field f into n bytes at out; it returns -1 for
 * "-" (NULL). */
static int decode(const char *f, unsigned char *out)
{
    int n = 0;
    if (strcmp(f, "-") == 0)
        return -1;
    while (f[0] && f[1]) {
        out[n++] = (unsigned char)(hexval(f[0]) * 16 + hexval(f[1]));
        f += 2;
    }
    return n;
}

static void widen(const unsigned char *b, int n, WCHAR *w)
{
    int i;
    for (i = 0; i < n; i++)
        w[i] = b[i];
    w[n] = 0;
}

static int registry(int argc, char **argv)
{
    int i;
    for (i = 2; i < argc; i++) {
        WCHAR ext[256], mime[256];
        HKEY key;
        DWORD size = sizeof(mime);
        widen((const unsigned char *)argv[i], (int)strlen(argv[i]), ext);
        if (RegOpenKeyW(HKEY_CLASSES_ROOT, ext, &key) != ERROR_SUCCESS)
            continue;
        if (RegQueryValueExW(key, L"Content Type", NULL, NULL, (BYTE *)mime, &size) == ERROR_SUCCESS) {
            int j;
            printf("%s\t", argv[i]);
            for (j = 0; mime[j]; j++)
                putchar(mime[j] < 128 ? mime[j] : '?');
            putchar('\n');
        }
        RegCloseKey(key);
    }
    return 0;
}

static char line[1 << 16];
static unsigned char data[1 << 15], prop[1 << 15], url[1 << 15];
static WCHAR wprop[1 << 15], wurl[1 << 15];

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "reg") == 0)
        return registry(argc, argv);
    CoInitialize(NULL);
    while (fgets(line, sizeof(line), stdin)) {
        char *f1 = line, *f2, *f3;
        int nd, np, nu;
        HRESULT hr;
        WCHAR *out = NULL;
        line[strcspn(line, "\r\n")] = 0;
        f2 = strchr(f1, '\t');
        if (!f2) break;
        *f2++ = 0;
        f3 = strchr(f2, '\t');
        if (!f3) break;
        *f3++ = 0;
        nd = decode(f1, data);
        np = decode(f2, prop);
        nu = decode(f3, url);
        if (np >= 0) widen(prop, np, wprop);
        if (nu >= 0) widen(url, nu, wurl);
        hr = FindMimeFromData(NULL, nu >= 0 ? wurl : NULL, nd >= 0 ? data : NULL, nd >= 0 ? (DWORD)nd : 0,
                              np >= 0 ? wprop : NULL, 0, &out, 0);
        if (SUCCEEDED(hr) && out) {
            int j;
            printf("OK ");
            for (j = 0; out[j]; j++)
                printf("%04x", out[j]);
            putchar('\n');
            CoTaskMemFree(out);
        } else {
            printf("ERR %08lx\n", (unsigned long)hr);
        }
        fflush(stdout);
    }
    return 0;
}
