/* The symmetric bitboard count of n queens in C, on one thread: the comparison harness of
 * `cargo bench --bench count_vs_c`, which compiles it with `cc -O3 -march=native`.
 *
 * Takaken's scheme (Kenji Takahashi), written here after the crate's own `queens::count`
 * (src/queens/count/search.rs), so that the two do the same work: only boards that are the
 * least of their symmetry class are completed, and each counts the size of its class (2, 4 or
 * 8). A queen in a corner of the first row makes a class of eight; otherwise the first queen is
 * `bound1` columns from the corner, the border queens are kept from coming out smaller, and the
 * finished board is compared with its quarter, half and three-quarter turns.
 *
 * Usage: takaken N   (4 <= N <= 31); prints the number of solutions.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static int last;
static uint32_t mask, top_bit, side_mask, last_mask, end_bit;
static int bound1, bound2;
static uint32_t board[32];
static uint64_t two, four, eight;

/* The corner case: every board found counts eight. */
static uint64_t corner(int row, uint32_t left, uint32_t down, uint32_t right) {
    uint32_t free = mask & ~(left | down | right);
    if (row == last) return free != 0;
    if (row < bound1) free &= ~2u;
    uint64_t found = 0;
    while (free) {
        uint32_t bit = free & -free;
        free ^= bit;
        found += corner(row + 1, (left | bit) << 1, down | bit, (right | bit) >> 1);
    }
    return found;
}

/* A finished board off the corner: is it the least of its class, and of which size? */
static void classify(void) {
    if (board[bound2] == 1) {
        int own = 1;
        uint32_t pattern = 2;
        for (; own <= last; own++, pattern <<= 1) {
            uint32_t bit = 1;
            int you = last;
            while (board[you] != pattern && board[own] >= bit) { bit <<= 1; you--; }
            if (board[own] > bit) return;
            if (board[own] < bit) break;
        }
        if (own > last) { two++; return; }
    }
    if (board[last] == end_bit) {
        int own = 1, you = last - 1;
        for (; own <= last; own++, you--) {
            uint32_t bit = 1, pattern = top_bit;
            while (board[you] != pattern && board[own] >= bit) { bit <<= 1; pattern >>= 1; }
            if (board[own] > bit) return;
            if (board[own] < bit) break;
        }
        if (own > last) { four++; return; }
    }
    if (board[bound1] == top_bit) {
        int own = 1;
        uint32_t pattern = top_bit >> 1;
        for (; own <= last; own++, pattern >>= 1) {
            uint32_t bit = 1;
            int you = 0;
            while (board[you] != pattern && board[own] >= bit) { bit <<= 1; you++; }
            if (board[own] > bit) return;
            if (board[own] < bit) break;
        }
    }
    eight++;
}

/* The search off the corner, with the border rules of the case. */
static void sides(int row, uint32_t left, uint32_t down, uint32_t right) {
    uint32_t free = mask & ~(left | down | right);
    if (row == last) {
        if (free && !(free & last_mask)) { board[row] = free; classify(); }
        return;
    }
    if (row < bound1) {
        free &= ~side_mask;
    } else if (row == bound2) {
        uint32_t both = down & side_mask;
        if (!both) return;
        if (both != side_mask) free &= side_mask;
    }
    while (free) {
        uint32_t bit = free & -free;
        free ^= bit;
        board[row] = bit;
        sides(row + 1, (left | bit) << 1, down | bit, (right | bit) >> 1);
    }
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 0;
    if (n < 4 || n > 31) {
        fprintf(stderr, "usage: takaken N (4 <= N <= 31)\n");
        return 2;
    }
    last = n - 1;
    top_bit = 1u << last;
    mask = (1u << n) - 1;
    /* The corner of the first row, the second row's queen bound1 along. */
    board[0] = 1;
    for (bound1 = 2; bound1 < last; bound1++) {
        uint32_t bit = 1u << bound1;
        board[1] = bit;
        eight += corner(2, (2 | bit) << 1, 1 | bit, bit >> 1);
    }
    /* The first row's queen bound1 from the corner. */
    side_mask = top_bit | 1;
    last_mask = side_mask;
    end_bit = top_bit >> 1;
    for (bound1 = 1, bound2 = last - 1; bound1 < bound2; bound1++, bound2--) {
        uint32_t bit = 1u << bound1;
        board[0] = bit;
        sides(1, bit << 1, bit, bit >> 1);
        last_mask |= (last_mask >> 1) | (last_mask << 1);
        end_bit >>= 1;
    }
    printf("%llu\n", (unsigned long long)(2 * two + 4 * four + 8 * eight));
    return 0;
}
