/* The peer of `grundy graph --no-grundy`: a plain single-threaded retrograde analysis in C.
 * Reads the same edge-list file (comment lines, "n m", m lines "u v"), builds the reverse CSR
 * and out-degree counters, settles positions from a FIFO queue in remoteness order, and prints
 * the W/L/D counts and the remoteness histogram (the same numbers as grundy's JSON).
 * Repeated moves are kept (the counters count them, so the outcomes are the same).
 * Build: cc -O2 -o retrograde retrograde.c    Run: ./retrograde FILE */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static FILE *in;
static unsigned char buf[1 << 16];
static size_t len, pos;

static int next_byte(void) {
    if (pos == len) {
        len = fread(buf, 1, sizeof buf, in);
        pos = 0;
        if (len == 0) return -1;
    }
    return buf[pos++];
}

/* the next number, skipping white space and '#' comment lines */
static int64_t next_number(void) {
    int c = next_byte();
    for (;;) {
        while (c == ' ' || c == '\n' || c == '\r' || c == '\t') c = next_byte();
        if (c != '#') break;
        while (c != '\n' && c != -1) c = next_byte();
    }
    if (c < '0' || c > '9') return -1;
    int64_t x = 0;
    while (c >= '0' && c <= '9') {
        x = x * 10 + (c - '0');
        c = next_byte();
    }
    return x;
}

int main(int argc, char **argv) {
    if (argc != 2 || !(in = fopen(argv[1], "rb"))) {
        fprintf(stderr, "usage: retrograde FILE\n");
        return 2;
    }
    int64_t n = next_number(), m = next_number();
    if (n < 0 || m < 0) { fprintf(stderr, "bad header\n"); return 2; }
    uint32_t *from = malloc(m * sizeof *from), *to = malloc(m * sizeof *to);
    uint32_t *left = calloc(n, sizeof *left), *rev_off = calloc(n + 1, sizeof *rev_off);
    for (int64_t i = 0; i < m; i++) {
        int64_t u = next_number(), v = next_number();
        if (u < 1 || u > n || v < 1 || v > n) { fprintf(stderr, "bad move %lld\n", (long long)i + 1); return 2; }
        from[i] = u - 1;
        to[i] = v - 1;
        left[u - 1]++;
        rev_off[v]++;
    }
    for (int64_t i = 0; i < n; i++) rev_off[i + 1] += rev_off[i];
    uint32_t *rev = malloc(m * sizeof *rev);
    uint32_t *fill = malloc(n * sizeof *fill);
    for (int64_t i = 0; i < n; i++) fill[i] = rev_off[i];
    for (int64_t i = 0; i < m; i++) rev[fill[to[i]]++] = from[i];
    free(fill);
    free(from);
    free(to);
    /* outcome: 0 unsettled (draw), 1 win, 2 lose */
    unsigned char *outcome = calloc(n, 1);
    uint32_t *rem = malloc(n * sizeof *rem), *queue = malloc(n * sizeof *queue);
    size_t head = 0, tail = 0;
    for (int64_t u = 0; u < n; u++)
        if (left[u] == 0) { outcome[u] = 2; rem[u] = 0; queue[tail++] = u; }
    while (head < tail) {
        uint32_t v = queue[head++], r = rem[v] + 1;
        for (uint32_t k = rev_off[v]; k < rev_off[v + 1]; k++) {
            uint32_t p = rev[k];
            if (outcome[p]) continue;
            if (outcome[v] == 2) { outcome[p] = 1; rem[p] = r; queue[tail++] = p; }
            else if (--left[p] == 0) { outcome[p] = 2; rem[p] = r; queue[tail++] = p; }
        }
    }
    int64_t count[3] = {0, 0, 0};
    uint32_t maxr = 0;
    for (int64_t u = 0; u < n; u++) {
        count[outcome[u]]++;
        if (outcome[u] && rem[u] > maxr) maxr = rem[u];
    }
    int64_t *hist = calloc(2 * ((size_t)maxr + 1), sizeof *hist);
    for (int64_t u = 0; u < n; u++)
        if (outcome[u]) hist[2 * rem[u] + (outcome[u] == 2)]++;
    printf("win %lld lose %lld draw %lld\n", (long long)count[1], (long long)count[2], (long long)count[0]);
    for (uint32_t r = 0; r <= maxr; r++)
        if (hist[2 * r] + hist[2 * r + 1])
            printf("%u %lld %lld\n", r, (long long)hist[2 * r], (long long)hist[2 * r + 1]);
    return 0;
}
