// libcurl for screenrun's live mode, opened with dlopen on first use rather than linked: a program
// that links libcurl loads it and some thirty libraries behind it at every start, sample mode too.
//
// Swift sees only typed, non-variadic functions here; this file and CCurl.c declare what they
// need of libcurl's ABI themselves, so the build needs no libcurl headers and the binary no
// libcurl.
#ifndef SCREENRUN_CCURL_H
#define SCREENRUN_CCURL_H

#include <stddef.h>
#include <stdint.h>

/// libcurl, opened: the handle from dlopen and the functions found in it.
typedef struct ccurl_library ccurl_library;
/// One transfer's easy handle (libcurl's `CURL *`).
typedef struct ccurl_handle ccurl_handle;
/// A list of request header lines (libcurl's `struct curl_slist *`).
typedef struct ccurl_list ccurl_list;

/// CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION: bytes arrive; return `size * count` to go on.
typedef size_t (*ccurl_data_function)(char *data, size_t size, size_t count, void *context);
/// CURLOPT_XFERINFOFUNCTION: called during the transfer; return non-zero to end it.
typedef int (*ccurl_progress_function)(
  void *context, int64_t download_total, int64_t downloaded, int64_t upload_total, int64_t uploaded);

/// The options screenrun sets, with libcurl's values (curl.h: type base + number; stable ABI).
typedef enum ccurl_option {
  CCURL_OPT_WRITEDATA = 10001,
  CCURL_OPT_URL = 10002,
  CCURL_OPT_ERRORBUFFER = 10010,
  CCURL_OPT_WRITEFUNCTION = 20011,
  CCURL_OPT_HTTPHEADER = 10023,
  CCURL_OPT_HEADERDATA = 10029,
  CCURL_OPT_NOPROGRESS = 43,
  CCURL_OPT_FOLLOWLOCATION = 52,
  CCURL_OPT_XFERINFODATA = 10057,
  CCURL_OPT_HEADERFUNCTION = 20079,
  CCURL_OPT_HTTPGET = 80,
  CCURL_OPT_NOSIGNAL = 99,
  CCURL_OPT_ACCEPT_ENCODING = 10102,
  CCURL_OPT_TIMEOUT_MS = 155,
  CCURL_OPT_CONNECTTIMEOUT_MS = 156,
  CCURL_OPT_PROTOCOLS = 181,
  CCURL_OPT_XFERINFOFUNCTION = 20219,
  CCURL_OPT_PROTOCOLS_STR = 10318,
} ccurl_option;

/// The facts screenrun reads after a transfer.
typedef enum ccurl_info {
  CCURL_INFO_RESPONSE_CODE = 0x200000 + 2,
  CCURL_INFO_REDIRECT_URL = 0x100000 + 31,
  /// Microseconds from the start until the request was about to go out: connected, TLS included.
  /// 0 while it never got that far (libcurl 7.61 and later).
  CCURL_INFO_PRETRANSFER_TIME_T = 0x600000 + 53,
} ccurl_info;

/// libcurl's result codes that screenrun tells apart (CURLcode), as the `int` the functions return.
#define CCURL_OK 0
#define CCURL_UNSUPPORTED_PROTOCOL 1
#define CCURL_FAILED_INIT 2
#define CCURL_URL_MALFORMAT 3
#define CCURL_COULDNT_RESOLVE_PROXY 5
#define CCURL_COULDNT_RESOLVE_HOST 6
#define CCURL_COULDNT_CONNECT 7
#define CCURL_WEIRD_SERVER_REPLY 8
#define CCURL_HTTP2 16
#define CCURL_PARTIAL_FILE 18
#define CCURL_WRITE_ERROR 23
#define CCURL_OUT_OF_MEMORY 27
#define CCURL_OPERATION_TIMEDOUT 28
#define CCURL_SSL_CONNECT_ERROR 35
#define CCURL_ABORTED_BY_CALLBACK 42
#define CCURL_UNKNOWN_OPTION 48
#define CCURL_GOT_NOTHING 52
#define CCURL_SEND_ERROR 55
#define CCURL_RECV_ERROR 56
#define CCURL_SSL_CERTPROBLEM 58
#define CCURL_SSL_CIPHER 59
#define CCURL_PEER_FAILED_VERIFICATION 60
#define CCURL_BAD_CONTENT_ENCODING 61
#define CCURL_USE_SSL_FAILED 64
#define CCURL_SSL_ENGINE_INITFAILED 66
#define CCURL_SSL_CACERT_BADFILE 77
#define CCURL_SSL_SHUTDOWN_FAILED 80
#define CCURL_SSL_CRL_BADFILE 82
#define CCURL_SSL_ISSUER_ERROR 83
#define CCURL_SSL_PINNEDPUBKEYNOTMATCH 90
#define CCURL_SSL_INVALIDCERTSTATUS 91
#define CCURL_HTTP2_STREAM 92
#define CCURL_SSL_CLIENTCERT 98

/// The size libcurl writes into CURLOPT_ERRORBUFFER at most (CURL_ERROR_SIZE).
#define CCURL_ERROR_SIZE 256

/// Opens `file` (`libcurl.so.4`) with dlopen, finds the functions below in it and runs
/// curl_global_init, all under one lock. On failure returns NULL and writes why, ending in NUL,
/// into `message`. Each call opens anew; keep the result (it is never freed).
ccurl_library *ccurl_open(const char *file, char *message, size_t message_size);

/// libcurl's own version text ("libcurl/7.88.1 OpenSSL/3.0.x ...").
const char *ccurl_version(const ccurl_library *library);

ccurl_handle *ccurl_easy_init(const ccurl_library *library);
void ccurl_easy_cleanup(const ccurl_library *library, ccurl_handle *handle);
/// Runs the transfer to its end on the calling thread; returns a CURLcode.
int ccurl_easy_perform(const ccurl_library *library, ccurl_handle *handle);
const char *ccurl_easy_strerror(const ccurl_library *library, int code);

int ccurl_setopt_long(const ccurl_library *library, ccurl_handle *handle, ccurl_option option, long value);
int ccurl_setopt_string(const ccurl_library *library, ccurl_handle *handle, ccurl_option option, const char *value);
int ccurl_setopt_pointer(const ccurl_library *library, ccurl_handle *handle, ccurl_option option, void *value);
int ccurl_setopt_list(const ccurl_library *library, ccurl_handle *handle, ccurl_option option, ccurl_list *value);
int ccurl_setopt_data_function(
  const ccurl_library *library, ccurl_handle *handle, ccurl_option option, ccurl_data_function value);
int ccurl_setopt_progress_function(
  const ccurl_library *library, ccurl_handle *handle, ccurl_option option, ccurl_progress_function value);

int ccurl_getinfo_long(const ccurl_library *library, ccurl_handle *handle, ccurl_info info, long *value);
/// A `curl_off_t` fact (an `int64_t` on every platform screenrun builds for).
int ccurl_getinfo_off(const ccurl_library *library, ccurl_handle *handle, ccurl_info info, int64_t *value);
/// The string stays valid until the handle is cleaned up or performs again; NULL when there is none.
int ccurl_getinfo_string(const ccurl_library *library, ccurl_handle *handle, ccurl_info info, const char **value);

/// Appends a copy of `line`; returns the new list, or NULL when out of memory (`list` is then untouched).
ccurl_list *ccurl_list_append(const ccurl_library *library, ccurl_list *list, const char *line);
void ccurl_list_free(const ccurl_library *library, ccurl_list *list);

#endif
