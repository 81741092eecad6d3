#include <sqlite3.h>

/* SQLITE_TRANSIENT is a function-like cast Swift cannot import: these shims bind copies. */

/// Binds a copy of `length` bytes of UTF-8 text to parameter `index` (1-based).
static inline int flatbed_sqlite3_bind_text(sqlite3_stmt *statement, int index, const char *text, int length)
{
    return sqlite3_bind_text(statement, index, text, length, SQLITE_TRANSIENT);
}

/// Binds a copy of `length` bytes to parameter `index` (1-based).
static inline int flatbed_sqlite3_bind_blob(sqlite3_stmt *statement, int index, const void *bytes, int length)
{
    return sqlite3_bind_blob(statement, index, bytes, length, SQLITE_TRANSIENT);
}
