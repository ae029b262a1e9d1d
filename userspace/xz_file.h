/* SPDX-License-Identifier: GPL-2.0 */
/*
 * xz_file.h - read an .xz file as a stdio stream, decoded in this process
 * by liblzma (fopencookie): every line reader works on it unchanged.  A
 * corrupt or truncated stream makes the stream's reads fail (ferror) and
 * leaves the reason for xz_error().
 */
#ifndef XZ_FILE_H
#define XZ_FILE_H

#include <stdbool.h>
#include <stdio.h>

/* The xz magic: FD '7' 'z' 'X' 'Z' 00. */
bool xz_magic(const unsigned char *b, size_t n);

struct xz_cookie;

/*
 * Wrap @raw (owned: closed with the result); NULL on failure (printed).
 * *@cookie is the decoder, for xz_error(), valid until fclose().
 */
FILE *xz_fdopen(FILE *raw, const char *name, struct xz_cookie **cookie);

/* Why the decoder failed (the stream's reads then fail), or NULL. */
const char *xz_error(const struct xz_cookie *c);

#endif /* XZ_FILE_H */
