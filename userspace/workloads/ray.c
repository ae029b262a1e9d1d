// SPDX-License-Identifier: GPL-2.0
/*
 * ray.c - RAY (ISPASS-2009): the render kernel (RAY/rayTracing_kernel.cu:
 * 426-586) on the scene of initObjet (RAY/rayTracing.cu:111-163), traced
 * per pixel in C (ray_trace()) to decide its data-dependent loops, then
 * each thread's memory instructions as the kernel's PTX makes them
 * (nvcc 13.0 -ptx -arch=sm_75 of the kernel file, Documentation/
 * workload-sources.rst): the ray stack pile[5] in local memory (80 bytes,
 * the local depot), the view matrix MView and the scene cnode[4] in
 * constant memory, the image result[] in global memory.
 */
#include <math.h>
#include <stdlib.h>

#include "workloads/ray.h"
#include "workloads/workloads.h"

#define F 4ULL

struct v3 {
	float x, y, z;
};

static struct v3 v3(float x, float y, float z)
{
	return (struct v3){ x, y, z };
}

static struct v3 add(struct v3 a, struct v3 b)
{
	return v3(a.x + b.x, a.y + b.y, a.z + b.z);
}

static struct v3 sub(struct v3 a, struct v3 b)
{
	return v3(a.x - b.x, a.y - b.y, a.z - b.z);
}

static struct v3 mul(struct v3 a, float s)
{
	return v3(a.x * s, a.y * s, a.z * s);
}

static float dot(struct v3 a, struct v3 b)
{
	return a.x * b.x + a.y * b.y + a.z * b.z;
}

/* cutil_math.h's normalize: v times rsqrtf(dot(v, v)) */
static struct v3 normalize(struct v3 v)
{
	return mul(v, 1.0f / sqrtf(dot(v, v)));
}

static struct v3 cross(struct v3 a, struct v3 b)
{
	return v3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z,
		  a.x * b.y - a.y * b.x);
}

/* initObjet (rayTracing.cu:114-137): centres, radii, fg */
static const struct {
	struct v3 c;
	float r;
	int fg;
} scene[RAY_OBJECTS] = {
	{ { 0.0f, -1.5f, -0.0f }, 0.5f, 1 },	/* the plane (fg = 1) */
	{ { -1.0f, 0.0f, -1.0f }, 0.5f, 0 },
	{ { 1.0f, -0.f, -1.0f }, 0.5f, 0 },
	{ { 0.0f, -0.f, -2.0f }, 0.75f, 0 },
};

int ray_is_plane(unsigned int j)
{
	return j < RAY_OBJECTS && scene[j].fg;
}

/* intersectionSphere (:65-88) */
static float hit_sphere(struct v3 a, struct v3 u, struct v3 c, float r)
{
	struct v3 l = sub(c, a);
	float d = dot(l, u), l2 = dot(l, l), r2 = r * r, m2;

	if (d < 0.0f && l2 > r2)
		return 0.0f;
	m2 = l2 - d * d;
	if (m2 > r2)
		return 0.0f;
	return l2 > r2 ? d - sqrtf(r2 - m2) : d + sqrtf(r2 - m2);
}

/* intersectionPlan (:90-113): the plane y = c.y */
static float hit_plane(struct v3 a, struct v3 u, struct v3 c)
{
	struct v3 n = normalize(v3(0.0f, 1.0f, 0.0f));
	float m = dot(n, u), t;

	if (fabsf(m) < 0.0001f)
		return 0.0f;
	t = -dot(n, sub(a, c)) / m;
	return t > 0 ? t : 0.0f;
}

static float hit(unsigned int j, struct v3 a, struct v3 u)
{
	/* s.C.x += pas: 0 in the first frame */
	return scene[j].fg ? hit_plane(a, u, scene[j].c) :
			     hit_sphere(a, u, scene[j].c, scene[j].r);
}

/*
 * notShadowRay (:343-406): the objects tried until one blocks (its t
 * past the light, by the kernel's test of |A + u t|^2, counts as none).
 */
static void shadow(struct v3 a, struct v3 u, struct ray_bounce *b)
{
	struct v3 l = v3(10.0f, 10.0f, 10.0f), ra = add(a, mul(u, 0.0001f));
	float dst = dot(sub(l, a), sub(l, a)), t = 0.0f;
	unsigned int j;

	for (j = 0; j < RAY_OBJECTS && !t; j++) {
		t = hit(j, ra, u);
		if (t > 0.0f && dot(add(a, mul(u, t)), add(a, mul(u, t))) > dst)
			t = 0.0f;
	}
	b->shadow_tests = (unsigned char)j;
	b->unshadowed = t == 0.0f;
}

/*
 * The camera: Observateur(p, u, v, 65) of rayTracing.cu:80-94, its
 * matrix MView and focal factor df.
 */
static void camera(struct v3 m[3], struct v3 *p, float *df)
{
	struct v3 eye = v3(0.0f, 0.5f, 2.0f);
	struct v3 u = normalize(sub(v3(0.0f, 0.0f, 0.0f), eye));
	struct v3 vp = normalize(v3(0.0f, 1.0f, 0.0f));
	struct v3 vv = normalize(sub(vp, mul(u, dot(u, vp))));

	m[0] = u;
	m[1] = vv;
	m[2] = normalize(cross(u, vv));
	*p = eye;
	*df = (float)(1.0 / tan((65.0 * 3.141592654f / 180.0) / 2.0));
}

void ray_trace(unsigned int x, unsigned int y, unsigned int w,
	       unsigned int h, struct ray_pixel *px)
{
	struct v3 m[3], a, u, p, l, v, n, np;
	float df, tpix = 2.0f / (float)(w < h ? w : h), prof = 10000.0f, t;
	unsigned int i, j, obj = 0;

	camera(m, &a, &df);
	u = add(add(mul(m[0], df),
		    mul(m[2], ((float)x - (float)w * 0.5f) * tpix)),
		mul(m[1], ((float)y - (float)h * 0.5f) * tpix));
	u = normalize(u);
	px->hits = 0;
	for (i = 0; i < RAY_BOUNCES && px->hits == i; i++) {	/* :471 */
		for (j = 0; j < RAY_OBJECTS; j++) {
			t = hit(j, a, u);
			if (t > 0.0f && t < prof) {
				prof = t;
				obj = j;
			}
		}
		t = prof;
		prof = 10000.0f;
		if (!(t > 0.0f && t < 10000.0f))
			continue;
		px->hits++;
		px->b[i] = (struct ray_bounce){ .obj = (unsigned char)obj };
		p = add(a, mul(u, t));
		l = normalize(sub(v3(10.0f, 10.0f, 10.0f), p));
		v = normalize(sub(a, p));
		n = scene[obj].fg ? normalize(v3(0.0f, 1.0f, 0.0f)) :
				    normalize(sub(p, scene[obj].c));
		np = dot(v, n) < 0.0f ? mul(n, -1.0f) : n;
		px->b[i].lit = dot(np, l) > 0.0f;
		if (px->b[i].lit)
			shadow(p, l, &px->b[i]);
		u = normalize(sub(mul(n, 2.0f * dot(n, v)), v));	/* :559 */
		a = add(p, mul(u, 0.0001f));
	}
}

/*
 * The steps of a thread, in the PTX's order (one step per 4-byte word:
 * GPGPU-Sim splits a float4 local access into four, shader.cc:1621-1635):
 *   0-19    pile[0..4] = (0, 0, 0, 1) (:441-442, before the guard)
 *   20      result[id] = 0 (:447)
 *   21-23   MView, its three rows (:450)
 *   24-39   the four objects' centres and radii, hoisted out of the loop
 *   40 + 40 b, bounce b (:471), if the bounces before it all hit:
 *     +0-3    cnode[j].fg, j = 0..3 (:474-478)
 *     +4-7    cnode[Obj] colour, +8 its fg, +9-11 its centre unless the
 *             plane (:497-502), if it hit
 *     +12-15  pile[b] = 0.05 colour (:504), if it hit
 *     +16-35  notShadowRay: per object tried, its centre and fg, and its
 *             radius unless the plane (:352-356), if lit
 *     +36-39  pile[b] += 0.3 colour ... (:536), if lit and unshadowed: the
 *             PTX's st.local.v4.f32 (ptx:569), four words
 *     +40-42  pile[b].x, .y, .z += tmp (:548-550), if lit and unshadowed:
 *             st.local.v2.f32 of .x, .y (ptx:715), then st.local.f32 of
 *             .z (ptx:717), three words
 *   255-330 the sum (:579-580, i = hits - 1 .. 1: pile[i - 1] +=
 *             0.8 pile[i]), its two paths in the PTX in turn (ray_final())
 *   331-334 pile[0] loaded (:584)
 *   335-336 result[id] loaded and stored (:584)
 */
#define RAY_BOUNCE0 40
#define RAY_BOUNCE_STEPS 43
#define RAY_FINAL (RAY_BOUNCE0 + RAY_BOUNCES * RAY_BOUNCE_STEPS)
/* the sum's loop as written: at most 3 iterations of 12 steps (ray_final()) */
#define RAY_LOOP_STEPS (12 * 3)

/*
 * The sum unrolled 4 times (ptx:779-822), its float4s in order: pile[i]
 * loaded, or (st) stored (ray_final()).
 */
static const struct ray_unrolled {
	unsigned char i;
	bool st;
} ray_unrolled[] = {
	{ 4, false }, { 3, false }, { 3, true }, { 2, false },
	{ 3, false }, { 2, true }, { 1, false }, { 1, true },
	{ 0, false }, { 0, true },
};

#define RAY_PILE0 (RAY_FINAL + RAY_LOOP_STEPS + \
		   4 * sizeof(ray_unrolled) / sizeof(ray_unrolled[0]))
#define RAY_RESULT (RAY_PILE0 + 4)
#define RAY_STEPS (RAY_RESULT + 2)

struct ray_ctx {
	gva_t image, mview, cnode;
	unsigned int w, h;
	struct ray_pixel *px;
};

/* Word @word of pile[@i], a load or (@st) a store. */
static gva_t pile(unsigned int i, unsigned int word, bool st)
{
	gva_t a = GPU_LOC(16ULL * i + 4 * word);

	return st ? GPU_ST(a) : a;
}

/* Step @s (0..42) of bounce @b of pixel @p: its address or GPU_SKIP. */
static gva_t ray_bounce(const struct ray_ctx *c, const struct ray_pixel *p,
			unsigned int b, unsigned int s)
{
	static const unsigned char shadow_off[5] = { 4, 8, 0, 32, 12 };
	const struct ray_bounce *r = &p->b[b];
	unsigned int j;

	if (b > p->hits)
		return GPU_SKIP;	/* the loop ended before it */
	if (s < 4)
		return GPU_CN(c->cnode + 40 * s + 32);
	if (b == p->hits)
		return GPU_SKIP;	/* it missed */
	if (s < 8)
		return GPU_CN(c->cnode + 40 * r->obj + 16 + 4 * (s - 4));
	if (s == 8)
		return GPU_CN(c->cnode + 40 * r->obj + 32);
	if (s < 12)
		return ray_is_plane(r->obj) ? GPU_SKIP :
		       GPU_CN(c->cnode + 40 * r->obj + 4 * (s - 9));
	if (s < 16)
		return pile(b, s - 12, true);
	if (!r->lit)
		return GPU_SKIP;
	if (s < 36) {
		j = (s - 16) / 5;
		if (j >= r->shadow_tests)
			return GPU_SKIP;
		if ((s - 16) % 5 == 4 && ray_is_plane(j))
			return GPU_SKIP;	/* no radius for the plane */
		return GPU_CN(c->cnode + 40 * j + shadow_off[(s - 16) % 5]);
	}
	if (!r->unshadowed)
		return GPU_SKIP;
	if (s < 40)		/* :536, ptx:569 */
		return pile(b, s - 36, true);
	return pile(b, s - 40, true);	/* :548-550, ptx:715, :717 */
}

/*
 * Step @s (0..75) of the sum of pixel @p (:579-580), a float4 in 4 steps.
 * The PTX (ptx:748-822) runs the loop as written (hits - 1) mod 4 times
 * (ptx:759-775), then, if hits - 1 >= 4 (hits = 5), unrolled 4 times
 * (ptx:779-822): the threads of a warp take the first path, then,
 * reconverged (ptx:779), the second.  First path, 12 steps an iteration,
 * i = hits - 1 - s / 12 (the same iteration of every thread at once):
 * pile[i - 1] and pile[i] loaded, pile[i - 1] stored.  Second path, from
 * step 36: pile[4] loaded once, then per term pile[i - 1] loaded and
 * stored, pile[3] loaded again after its store (the second term reads it
 * back), 10 float4s (ray_unrolled[]).
 */
static gva_t ray_final(const struct ray_pixel *p, unsigned int s)
{
	unsigned int g = s / 12, k = s % 12, i;

	if (s >= RAY_LOOP_STEPS) {
		s -= RAY_LOOP_STEPS;
		return p->hits != RAY_BOUNCES ? GPU_SKIP :
		       pile(ray_unrolled[s / 4].i, s % 4,
			    ray_unrolled[s / 4].st);
	}
	if (p->hits == RAY_BOUNCES || g + 1 >= p->hits)
		return GPU_SKIP;
	i = p->hits - 1 - g;
	return k < 4 ? pile(i - 1, k, false) :
	       k < 8 ? pile(i, k - 4, false) : pile(i - 1, k - 8, true);
}

static bool ray_addr(const void *ctx, const struct gpu_thread *t,
		     unsigned int step, gva_t *va)
{
	static const unsigned char hoist[16] = {
		4, 8, 0, 12, 44, 48, 40, 52, 84, 88, 80, 92, 124, 128, 120, 132
	};
	const struct ray_ctx *c = ctx;
	unsigned int x = t->bx * 16 + t->tx, y = t->by * 8 + t->ty;
	const struct ray_pixel *p = &c->px[(size_t)y * c->w + x];
	gva_t px = c->image + F * ((gva_t)y * c->w + x);

	if (x >= c->w || y >= c->h || step >= RAY_STEPS)
		return false;
	if (step < 20)
		*va = pile(step / 4, step % 4, true);
	else if (step == 20 || step == RAY_RESULT + 1)
		*va = GPU_ST(px);
	else if (step < 24)
		*va = GPU_CN(c->mview + 16 * (step - 21));
	else if (step < RAY_BOUNCE0)
		*va = GPU_CN(c->cnode + hoist[step - 24]);
	else if (step < RAY_FINAL)
		*va = ray_bounce(c, p, (step - RAY_BOUNCE0) / RAY_BOUNCE_STEPS,
				 (step - RAY_BOUNCE0) % RAY_BOUNCE_STEPS);
	else if (step < RAY_PILE0)
		*va = ray_final(p, step - RAY_FINAL);
	else if (step < RAY_RESULT)
		*va = pile(0, step - RAY_PILE0, false);
	else
		*va = px;
	return true;
}

/*
 * RAY/rayTracing.cu:148-162: the image first, then seven buffers the
 * kernel never reads (d_node; d_temp, nObj, prof, ray, A, u sized by the
 * image); the scene and the view matrix copied to their constant symbols
 * (:152-153: functional only in GPGPU-Sim, cuda-sim.cc:2243-2262, no
 * cache fill); 256 x 256 (`RAY 256 256`; small 128; table1 512 x 512).
 * No cudaFree.
 */
void wl_ray(const struct workload_opts *o, struct gpu_heap *h,
	    struct gpu_sink *out)
{
	unsigned int n = o->small ? 128 : o->table1 ? 512 : 256, x, y;
	unsigned long long px = (unsigned long long)n * n;
	struct ray_ctx c = { .w = n, .h = n };
	/*
	 * each loaded value used by the next step: a chain; render: 53
	 * registers (scripts/suite-regs)
	 */
	struct gpu_launch l = { n / 16, n / 8, 16, 8, RAY_STEPS, ray_addr, &c,
				53, 0, NULL };
	gva_t node;

	/* the PTX's constant symbols, placed when it loads */
	c.mview = gpu_const_alloc(h, 48, "MView", "RAY/rayTracing_kernel.cu:53");
	c.cnode = gpu_const_alloc(h, 40 * RAY_OBJECTS, "cnode",
				  "RAY/rayTracing_kernel.cu:55");
	c.image = gpu_alloc(h, F * px, "d_output", "RAY/rayTracing.cu:148");
	node = gpu_alloc(h, 160, "d_node", "RAY/rayTracing.cu:150");
	gpu_memcpy(out, node, 160);		/* :151 */
	gpu_alloc(h, F * px, "d_temp", "RAY/rayTracing.cu:154");
	gpu_alloc(h, F * px, "nObj", "RAY/rayTracing.cu:157");
	gpu_alloc(h, F * px, "prof", "RAY/rayTracing.cu:158");
	gpu_alloc(h, 24 * px, "ray", "RAY/rayTracing.cu:159");
	gpu_alloc(h, 12 * px, "A", "RAY/rayTracing.cu:161");
	gpu_alloc(h, 12 * px, "u", "RAY/rayTracing.cu:162");
	if (!out->dry) {	/* the host code alone: no pixel traced */
		c.px = malloc(sizeof(*c.px) * px);
		if (!c.px)
			abort();
		for (y = 0; y < n; y++)
			for (x = 0; x < n; x++)
				ray_trace(x, y, n, n,
					  &c.px[(size_t)y * n + x]);
	}
	if (gpu_run(&l, out))
		gpu_memcpy(out, c.image, F * px);	/* :197, to the host */
	free(c.px);
}
