#include <stdint.h>
#include <sys/socket.h>
#include <microhttpd.h>

/* MHD_start_daemon and MHD_get_daemon_info are variadic, which Swift cannot call: these
   fixed-argument shims pass exactly the options Flatbed uses. */

/// Starts a daemon bound to `address` (IPv4 or IPv6, per `flags`) with a thread pool, a per-
/// connection idle timeout in seconds, and a completion callback that frees per-request state.
static inline struct MHD_Daemon *flatbed_mhd_start(
    unsigned int flags, const struct sockaddr *address,
    MHD_AccessHandlerCallback handler, void *handler_context,
    MHD_RequestCompletedCallback completed, void *completed_context,
    unsigned int thread_pool_size, unsigned int connection_timeout_seconds,
    size_t connection_memory_limit)
{
    return MHD_start_daemon(
        flags, 0, NULL, NULL, handler, handler_context,
        MHD_OPTION_SOCK_ADDR, address,
        MHD_OPTION_NOTIFY_COMPLETED, completed, completed_context,
        MHD_OPTION_THREAD_POOL_SIZE, thread_pool_size,
        MHD_OPTION_CONNECTION_TIMEOUT, connection_timeout_seconds,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, connection_memory_limit,
        MHD_OPTION_END);
}

/// The port the daemon listens on (useful after binding port 0), or 0 when unknown.
static inline uint16_t flatbed_mhd_bound_port(struct MHD_Daemon *daemon)
{
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}
