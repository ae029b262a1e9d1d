/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pwcsim_trace.h - pwcsim's tracepoints (TRACE_SYSTEM pwcsim), in the style
 * of samples/trace_events: read twice, once with CREATE_TRACE_POINTS (in
 * pwcsim_main.c).  Capture with `trace-cmd record -e pwcsim`.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM pwcsim

#if !defined(_PWCSIM_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _PWCSIM_TRACE_H

#include <linux/tracepoint.h>

DECLARE_EVENT_CLASS(pwcsim_session_class,
		    TP_PROTO(const void *session),
		    TP_ARGS(session),
		    TP_STRUCT__entry(__field(const void *, session)
				     __field(pid_t, pid)),
		    TP_fast_assign(__entry->session = session;
				   __entry->pid = current->pid;),
		    TP_printk("session=%p pid=%d", __entry->session,
			      __entry->pid));

DEFINE_EVENT(pwcsim_session_class, pwcsim_session_open,
	     TP_PROTO(const void *session),
	     TP_ARGS(session));

DEFINE_EVENT(pwcsim_session_class, pwcsim_session_release,
	     TP_PROTO(const void *session),
	     TP_ARGS(session));

#endif /* _PWCSIM_TRACE_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE pwcsim_trace
#include <trace/define_trace.h>
