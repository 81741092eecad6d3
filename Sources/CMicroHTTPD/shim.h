#include <stdint.h>
#include <sys/socket.h>
#include <microhttpd.h>

/* MHD_start_daemon, MHD_get_daemon_info and MHD_get_connection_info are variadic, which Swift
   cannot call: these fixed-argument shims pass exactly the options Flatbed uses. */

/* Decodes a request's URL in place and returns its new length (MHD_OPTION_UNESCAPE_CALLBACK). */
typedef size_t (*flatbed_mhd_unescape_callback)(void *context, struct MHD_Connection *connection, char *text);

/// Starts a daemon bound to `address` (IPv4 or IPv6, per `flags`) with a thread pool; callbacks
/// when a request completes (freeing per-request state) and when a connection opens or closes
/// (both with `watch_context`); our own URL decoding; a per-connection idle timeout in seconds,
/// a per-connection memory limit and a limit on connections open at once.
static inline struct MHD_Daemon *flatbed_mhd_start(
    unsigned int flags, const struct sockaddr *address,
    MHD_AccessHandlerCallback handler, void *handler_context,
    MHD_RequestCompletedCallback completed, MHD_NotifyConnectionCallback connection_changed,
    void *watch_context, flatbed_mhd_unescape_callback unescape,
    unsigned int thread_pool_size, unsigned int connection_timeout_seconds,
    size_t connection_memory_limit, unsigned int connection_limit)
{
    return MHD_start_daemon(
        flags, 0, NULL, NULL, handler, handler_context,
        MHD_OPTION_SOCK_ADDR, address,
        MHD_OPTION_NOTIFY_COMPLETED, completed, watch_context,
        MHD_OPTION_NOTIFY_CONNECTION, connection_changed, watch_context,
        MHD_OPTION_UNESCAPE_CALLBACK, unescape, NULL,
        MHD_OPTION_THREAD_POOL_SIZE, thread_pool_size,
        MHD_OPTION_CONNECTION_TIMEOUT, connection_timeout_seconds,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, connection_memory_limit,
        MHD_OPTION_CONNECTION_LIMIT, connection_limit,
        MHD_OPTION_END);
}

/// The port the daemon listens on (useful after binding port 0), or 0 when unknown.
static inline uint16_t flatbed_mhd_bound_port(struct MHD_Daemon *daemon)
{
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

/// The socket of `connection`, or -1 when unknown.
static inline int flatbed_mhd_connection_socket(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : (int)info->connect_fd;
}
