/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pwcsim_trace.h - pwcsim's tracepoints (TRACE_SYSTEM pwcsim), in the style
 * of samples/trace_events: read twice, once with CREATE_TRACE_POINTS (in
 * pwcsim_main.c).  Capture with `trace-cmd record -e pwcsim`.  Sessions
 * are named by their id (0 is the debugfs session); only pwcsim_stale_hit
 * carries physical addresses (the table base a model supplied and the one
 * the walk used).
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM pwcsim

#if !defined(_PWCSIM_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _PWCSIM_TRACE_H

#include <linux/tracepoint.h>

/*
 * Fields are ordered by size (u64, then u32, then u8) so that records have
 * no holes; the task is in every record already (common_pid).
 */
DECLARE_EVENT_CLASS(pwcsim_session_class,
		    TP_PROTO(unsigned int session),
		    TP_ARGS(session),
		    TP_STRUCT__entry(__field(unsigned int, session)),
		    TP_fast_assign(__entry->session = session;),
		    TP_printk("session=%u", __entry->session));

DEFINE_EVENT(pwcsim_session_class, pwcsim_session_open,
	     TP_PROTO(unsigned int session),
	     TP_ARGS(session));

DEFINE_EVENT(pwcsim_session_class, pwcsim_session_release,
	     TP_PROTO(unsigned int session),
	     TP_ARGS(session));

/* One walk of the target's tables; accesses: with no cache at all. */
TRACE_EVENT(pwcsim_walk,
	    TP_PROTO(unsigned int session, u64 va, u8 levels, u8 leaf,
		     bool present, u8 accesses),
	    TP_ARGS(session, va, levels, leaf, present, accesses),
	    TP_STRUCT__entry(__field(u64, va)
			     __field(unsigned int, session)
			     __field(u8, levels)
			     __field(u8, leaf)
			     __field(bool, present)
			     __field(u8, accesses)),
	    TP_fast_assign(__entry->va = va;
			   __entry->session = session;
			   __entry->levels = levels;
			   __entry->leaf = leaf;
			   __entry->present = present;
			   __entry->accesses = accesses;),
	    TP_printk("session=%u va=0x%llx levels=%u leaf=%u present=%d accesses=%u",
		      __entry->session, __entry->va, __entry->levels,
		      __entry->leaf, __entry->present, __entry->accesses));

/* One model lookup: start == levels is a miss, start 1 an L2-stage hit. */
TRACE_EVENT(pwcsim_lookup,
	    TP_PROTO(unsigned int session, unsigned int model, u64 va,
		     u8 start, u8 levels, u8 accesses),
	    TP_ARGS(session, model, va, start, levels, accesses),
	    TP_STRUCT__entry(__field(u64, va)
			     __field(unsigned int, session)
			     __field(unsigned int, model)
			     __field(u8, start)
			     __field(u8, levels)
			     __field(u8, accesses)),
	    TP_fast_assign(__entry->va = va;
			   __entry->session = session;
			   __entry->model = model;
			   __entry->start = start;
			   __entry->levels = levels;
			   __entry->accesses = accesses;),
	    TP_printk("session=%u model=%u va=0x%llx start=%u levels=%u accesses=%u",
		      __entry->session, __entry->model, __entry->va,
		      __entry->start, __entry->levels, __entry->accesses));

DECLARE_EVENT_CLASS(pwcsim_count_class,
		    TP_PROTO(unsigned int session, unsigned int model, u64 va,
			     u64 count),
		    TP_ARGS(session, model, va, count),
		    TP_STRUCT__entry(__field(u64, va)
				     __field(u64, count)
				     __field(unsigned int, session)
				     __field(unsigned int, model)),
		    TP_fast_assign(__entry->va = va;
				   __entry->count = count;
				   __entry->session = session;
				   __entry->model = model;),
		    TP_printk("session=%u model=%u va=0x%llx entries=%llu",
			      __entry->session, __entry->model, __entry->va,
			      __entry->count));

/* Entries a model wrote after the walk of va (recorded when any). */
DEFINE_EVENT_CONDITION(pwcsim_count_class, pwcsim_fill,
		       TP_PROTO(unsigned int session, unsigned int model,
				u64 va, u64 count),
		       TP_ARGS(session, model, va, count),
		       TP_CONDITION(count));

/* Valid entries those fills displaced (recorded when any). */
DEFINE_EVENT_CONDITION(pwcsim_count_class, pwcsim_evict,
		       TP_PROTO(unsigned int session, unsigned int model,
				u64 va, u64 count),
		       TP_ARGS(session, model, va, count),
		       TP_CONDITION(count));

/* A range invalidated in every model; dropped: entries, all models. */
TRACE_EVENT(pwcsim_invalidate,
	    TP_PROTO(unsigned int session, u64 start, u64 end, u64 dropped),
	    TP_ARGS(session, start, end, dropped),
	    TP_STRUCT__entry(__field(u64, start)
			     __field(u64, end)
			     __field(u64, dropped)
			     __field(unsigned int, session)),
	    TP_fast_assign(__entry->start = start;
			   __entry->end = end;
			   __entry->dropped = dropped;
			   __entry->session = session;),
	    TP_printk("session=%u start=0x%llx end=0x%llx dropped=%llu",
		      __entry->session, __entry->start, __entry->end,
		      __entry->dropped));

/*
 * A model supplied PBA(L<start>) = cached; the walk used real (recorded
 * for stale lookups only; both 0 for a session without CAP_SYS_ADMIN).
 */
TRACE_EVENT_CONDITION(pwcsim_stale_hit,
		      TP_PROTO(unsigned int session, unsigned int model,
			       u64 va, u8 start, u64 cached, u64 real,
			       bool stale),
		      TP_ARGS(session, model, va, start, cached, real, stale),
		      TP_CONDITION(stale),
		      TP_STRUCT__entry(__field(u64, va)
				       __field(u64, cached)
				       __field(u64, real)
				       __field(unsigned int, session)
				       __field(unsigned int, model)
				       __field(u8, start)),
		      TP_fast_assign(__entry->va = va;
				     __entry->cached = cached;
				     __entry->real = real;
				     __entry->session = session;
				     __entry->model = model;
				     __entry->start = start;),
		      TP_printk("session=%u model=%u va=0x%llx start=%u cached=0x%llx real=0x%llx",
				__entry->session, __entry->model, __entry->va,
				__entry->start, __entry->cached,
				__entry->real));

/* An IOTLB lookup. */
TRACE_EVENT(pwcsim_tlb,
	    TP_PROTO(unsigned int session, u64 va, bool hit),
	    TP_ARGS(session, va, hit),
	    TP_STRUCT__entry(__field(u64, va)
			     __field(unsigned int, session)
			     __field(bool, hit)),
	    TP_fast_assign(__entry->va = va;
			   __entry->session = session;
			   __entry->hit = hit;),
	    TP_printk("session=%u va=0x%llx hit=%d", __entry->session,
		      __entry->va, __entry->hit));

#endif /* _PWCSIM_TRACE_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE pwcsim_trace
#include <trace/define_trace.h>
