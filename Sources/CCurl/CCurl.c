// See include/CCurl.h. libcurl's functions are declared here from its documented, stable ABI
// (curl.h), so no libcurl header is needed to build, and found with dlsym when live mode asks.
#include "CCurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct CURL CURL;
struct curl_slist;

// curl_global_init's CURL_GLOBAL_DEFAULT (CURL_GLOBAL_SSL | CURL_GLOBAL_WIN32).
#define CCURL_GLOBAL_DEFAULT 3L

struct ccurl_library {
  void *dl;
  int (*global_init)(long flags);
  char *(*version)(void);
  CURL *(*easy_init)(void);
  void (*easy_cleanup)(CURL *handle);
  int (*easy_perform)(CURL *handle);
  const char *(*easy_strerror)(int code);
  // Variadic in libcurl, and called as such: only C passes the third argument, with its real type.
  int (*easy_setopt)(CURL *handle, int option, ...);
  int (*easy_getinfo)(CURL *handle, int info, ...);
  struct curl_slist *(*slist_append)(struct curl_slist *list, const char *line);
  void (*slist_free_all)(struct curl_slist *list);
};

static pthread_mutex_t open_lock = PTHREAD_MUTEX_INITIALIZER;

// dlsym's void * to a function pointer, in the way POSIX allows.
#define FIND(library, field, name)                                                \
  do {                                                                              \
    void *found = dlsym((library)->dl, name);                                       \
    if (found == NULL) {                                                            \
      snprintf(message, message_size, "%s has no function %s", file, name);         \
      goto fail;                                                                    \
    }                                                                               \
    *(void **)(&(library)->field) = found;                                          \
  } while (0)

ccurl_library *ccurl_open(const char *file, char *message, size_t message_size) {
  pthread_mutex_lock(&open_lock);
  ccurl_library *library = calloc(1, sizeof *library);
  if (library == NULL) {
    snprintf(message, message_size, "out of memory");
    pthread_mutex_unlock(&open_lock);
    return NULL;
  }
  library->dl = dlopen(file, RTLD_NOW | RTLD_LOCAL);
  if (library->dl == NULL) {
    const char *why = dlerror();
    snprintf(message, message_size, "%s", why != NULL ? why : "dlopen failed");
    goto fail;
  }
  FIND(library, global_init, "curl_global_init");
  FIND(library, version, "curl_version");
  FIND(library, easy_init, "curl_easy_init");
  FIND(library, easy_cleanup, "curl_easy_cleanup");
  FIND(library, easy_perform, "curl_easy_perform");
  FIND(library, easy_strerror, "curl_easy_strerror");
  FIND(library, easy_setopt, "curl_easy_setopt");
  FIND(library, easy_getinfo, "curl_easy_getinfo");
  FIND(library, slist_append, "curl_slist_append");
  FIND(library, slist_free_all, "curl_slist_free_all");
  // Reference-counted by libcurl, so a second library (a test's) initialises it harmlessly; the
  // lock keeps it from running on two threads at once, which older libcurl does not allow.
  int code = library->global_init(CCURL_GLOBAL_DEFAULT);
  if (code != 0) {
    snprintf(message, message_size, "curl_global_init failed: %s", library->easy_strerror(code));
    goto fail;
  }
  pthread_mutex_unlock(&open_lock);
  return library;

fail:
  if (library->dl != NULL) dlclose(library->dl);
  free(library);
  pthread_mutex_unlock(&open_lock);
  return NULL;
}

const char *ccurl_version(const ccurl_library *library) { return library->version(); }

ccurl_handle *ccurl_easy_init(const ccurl_library *library) { return (ccurl_handle *)library->easy_init(); }

void ccurl_easy_cleanup(const ccurl_library *library, ccurl_handle *handle) {
  library->easy_cleanup((CURL *)handle);
}

int ccurl_easy_perform(const ccurl_library *library, ccurl_handle *handle) {
  return library->easy_perform((CURL *)handle);
}

const char *ccurl_easy_strerror(const ccurl_library *library, int code) { return library->easy_strerror(code); }

int ccurl_setopt_long(const ccurl_library *library, ccurl_handle *handle, ccurl_option option, long value) {
  return library->easy_setopt((CURL *)handle, (int)option, value);
}

int ccurl_setopt_string(const ccurl_library *library, ccurl_handle *handle, ccurl_option option, const char *value) {
  return library->easy_setopt((CURL *)handle, (int)option, value);
}

int ccurl_setopt_pointer(const ccurl_library *library, ccurl_handle *handle, ccurl_option option, void *value) {
  return library->easy_setopt((CURL *)handle, (int)option, value);
}

int ccurl_setopt_list(const ccurl_library *library, ccurl_handle *handle, ccurl_option option, ccurl_list *value) {
  return library->easy_setopt((CURL *)handle, (int)option, (struct curl_slist *)value);
}

int ccurl_setopt_data_function(
  const ccurl_library *library, ccurl_handle *handle, ccurl_option option, ccurl_data_function value) {
  return library->easy_setopt((CURL *)handle, (int)option, value);
}

int ccurl_setopt_progress_function(
  const ccurl_library *library, ccurl_handle *handle, ccurl_option option, ccurl_progress_function value) {
  return library->easy_setopt((CURL *)handle, (int)option, value);
}

int ccurl_getinfo_long(const ccurl_library *library, ccurl_handle *handle, ccurl_info info, long *value) {
  return library->easy_getinfo((CURL *)handle, (int)info, value);
}

int ccurl_getinfo_off(const ccurl_library *library, ccurl_handle *handle, ccurl_info info, int64_t *value) {
  return library->easy_getinfo((CURL *)handle, (int)info, value);
}

int ccurl_getinfo_string(const ccurl_library *library, ccurl_handle *handle, ccurl_info info, const char **value) {
  char *text = NULL;
  int code = library->easy_getinfo((CURL *)handle, (int)info, &text);
  *value = text;
  return code;
}

ccurl_list *ccurl_list_append(const ccurl_library *library, ccurl_list *list, const char *line) {
  return (ccurl_list *)library->slist_append((struct curl_slist *)list, line);
}

void ccurl_list_free(const ccurl_library *library, ccurl_list *list) {
  library->slist_free_all((struct curl_slist *)list);
}
