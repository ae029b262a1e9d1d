// SPDX-License-Identifier: GPL-2.0
/*
 * uapi-test.c - interface tests of /dev/pwcsim (include/uapi/linux/
 * pwcsim.h) in the style of tools/testing/selftests/iommu/iommufd.c, with
 * the kernel's kselftest_harness.h.  Runs as root in the VM with pwcsim.ko
 * loaded; every bad input is checked for its exact errno.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <linux/pwcsim.h>

#include "kselftest_harness.h"

static unsigned int expected_levels(void)
{
	char line[4096];
	FILE *f = fopen("/proc/cpuinfo", "r");
	unsigned int levels = 4;

	while (f && fgets(line, sizeof(line), f))
		if (!strncmp(line, "flags", 5) && strstr(line, " la57"))
			levels = 5;
	if (f)
		fclose(f);
	return levels;
}

TEST(device_node)
{
	struct stat st;

	ASSERT_EQ(0, stat("/dev/pwcsim", &st));
	EXPECT_TRUE(S_ISCHR(st.st_mode));
	EXPECT_EQ(0600, st.st_mode & 0777);
}

FIXTURE(dev)
{
	int fd;
};

FIXTURE_SETUP(dev)
{
	self->fd = open("/dev/pwcsim", O_RDWR);
	ASSERT_LE(0, self->fd);
}

FIXTURE_TEARDOWN(dev)
{
	close(self->fd);
}

TEST_F(dev, unknown_ioctls)
{
	struct pwcsim_get_info info = { .size = sizeof(info) };

	errno = 0;
	EXPECT_EQ(-1, ioctl(self->fd, _IO(PWCSIM_TYPE, 0x00), &info));
	EXPECT_EQ(ENOTTY, errno);
	EXPECT_EQ(-1, ioctl(self->fd, _IO(PWCSIM_TYPE, 0xff), &info));
	EXPECT_EQ(ENOTTY, errno);
	EXPECT_EQ(-1, ioctl(self->fd, _IO('x', PWCSIM_CMD_GET_INFO), &info));
	EXPECT_EQ(ENOTTY, errno);
	/* the right number with another direction/size encoding */
	EXPECT_EQ(-1, ioctl(self->fd, _IOR(PWCSIM_TYPE, PWCSIM_CMD_GET_INFO,
					   int), &info));
	EXPECT_EQ(ENOTTY, errno);
}

TEST_F(dev, get_info)
{
	struct pwcsim_get_info info = { .size = sizeof(info) };

	ASSERT_EQ(0, ioctl(self->fd, PWCSIM_GET_INFO, &info));
	EXPECT_EQ(PWCSIM_ABI_VERSION, info.abi_version);
	EXPECT_EQ(expected_levels(), info.levels);
	EXPECT_LT(0, info.max_batch);
	EXPECT_EQ(sizeof(info), info.size);
}

TEST_F(dev, get_info_bad_inputs)
{
	struct {
		struct pwcsim_get_info info;
		__u64 tail;
	} big = { .info.size = sizeof(big) };
	struct pwcsim_get_info info = { .size = 4 };

	EXPECT_EQ(-1, ioctl(self->fd, PWCSIM_GET_INFO, &info));
	EXPECT_EQ(EINVAL, errno);
	info = (struct pwcsim_get_info){ .size = sizeof(info), .flags = 1 };
	EXPECT_EQ(-1, ioctl(self->fd, PWCSIM_GET_INFO, &info));
	EXPECT_EQ(EOPNOTSUPP, errno);
	info = (struct pwcsim_get_info){ .size = sizeof(info), .__reserved = 1 };
	EXPECT_EQ(-1, ioctl(self->fd, PWCSIM_GET_INFO, &info));
	EXPECT_EQ(EINVAL, errno);
	EXPECT_EQ(-1, ioctl(self->fd, PWCSIM_GET_INFO, NULL));
	EXPECT_EQ(EFAULT, errno);
	EXPECT_EQ(-1, ioctl(self->fd, PWCSIM_GET_INFO, (void *)-4096L));
	EXPECT_EQ(EFAULT, errno);
	/* a newer, larger struct: accepted when the unknown tail is zero */
	EXPECT_EQ(0, ioctl(self->fd, PWCSIM_GET_INFO, &big));
	EXPECT_EQ(PWCSIM_ABI_VERSION, big.info.abi_version);
	big.tail = 1;
	EXPECT_EQ(-1, ioctl(self->fd, PWCSIM_GET_INFO, &big));
	EXPECT_EQ(E2BIG, errno);
}

TEST(sessions_are_independent)
{
	struct pwcsim_get_info a = { .size = sizeof(a) }, b = { .size = sizeof(b) };
	int fa = open("/dev/pwcsim", O_RDWR), fb = open("/dev/pwcsim", O_RDWR);

	ASSERT_LE(0, fa);
	ASSERT_LE(0, fb);
	EXPECT_EQ(0, ioctl(fa, PWCSIM_GET_INFO, &a));
	close(fa);
	EXPECT_EQ(0, ioctl(fb, PWCSIM_GET_INFO, &b));
	close(fb);
	EXPECT_EQ(a.levels, b.levels);
}

TEST_HARNESS_MAIN
