/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ray.h - RAY's ray tracer (ray.c), for the workload and its tests: what
 * the render kernel (ISPASS RAY/rayTracing_kernel.cu:426-586) decides for
 * one pixel, traced in C on the scene initObjet builds
 * (RAY/rayTracing.cu:111-163): which bounces hit which object, whether
 * the hit point faces the light, how many objects the shadow ray tests.
 */
#ifndef WORKLOADS_RAY_H
#define WORKLOADS_RAY_H

#define RAY_BOUNCES 5			/* nRec (:435) */
#define RAY_OBJECTS 4			/* numObj (rayTracing.cu:20) */

/* One bounce that hit. */
struct ray_bounce {
	unsigned char obj;		/* the nearest object hit (Obj) */
	unsigned char lit;		/* dot(Np, L) > 0 (:531) */
	unsigned char shadow_tests;	/* objects notShadowRay tried */
	unsigned char unshadowed;	/* notShadowRay returned true */
};

struct ray_pixel {
	unsigned char hits;		/* n: the bounces that hit, 0..5 */
	struct ray_bounce b[RAY_BOUNCES];
};

/* Does object @j of the scene have fg set (the plane, node 0)? */
int ray_is_plane(unsigned int j);
/* Pixel (@x, @y) of a @w x @h image, first frame (anim 0). */
void ray_trace(unsigned int x, unsigned int y, unsigned int w,
	       unsigned int h, struct ray_pixel *px);

#endif /* WORKLOADS_RAY_H */
