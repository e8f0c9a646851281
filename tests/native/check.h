// The check macro shared by the native test programs: counts passed and failed checks, prints the
// first failures with their place, and `checkSummary` prints the closing "N passed, N failed" line
// (the line CI reads) and returns the exit code.
#ifndef NP_TEST_CHECK_H
#define NP_TEST_CHECK_H

#include <stdbool.h>
#include <stdio.h>

static int passed, failed;
/// Set while a self-check runs checks that are meant to fail (they are counted, not printed).
static bool checkQuiet;

#define CHECK(cond, ...)                                                                                               \
	do                                                                                                                 \
	{                                                                                                                  \
		if (cond)                                                                                                      \
			++passed;                                                                                                  \
		else                                                                                                           \
		{                                                                                                              \
			++failed;                                                                                                  \
			if (!checkQuiet && failed <= 50)                                                                           \
			{                                                                                                          \
				printf("FAIL %s:%d: ", __FILE__, __LINE__);                                                            \
				printf(__VA_ARGS__);                                                                                   \
				printf("\n");                                                                                          \
			}                                                                                                          \
		}                                                                                                              \
	} while (0)

static inline int checkSummary(void)
{
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}

#endif
