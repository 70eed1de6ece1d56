/* The deck order that a seed gives, in C: what ``random.Random(seed).shuffle(list(range(32)))``
 * returns, for a seed that is an int below 2**64 in absolute value.
 *
 * Written from the algorithms that CPython's random module documents and uses (Modules/
 * _randommodule.c): the Mersenne Twister MT19937 of Matsumoto and Nishimura, seeded by
 * ``init_by_array`` with the seed's 32-bit words, least significant first, and Python's
 * ``shuffle`` (Fisher-Yates from the last place down, each index drawn by ``getrandbits``
 * with rejection). tests/test_shuffle.py checks the two agree on many seeds.
 *
 * Why: a random deal through the engine cost ~333,000 instructions, and ~69,000 of them were
 * the shuffle, most of it making a ``random.Random`` (allocating and zeroing 2.5 KB, seeding
 * the generator's 624 words from a constant, then twice from the key, then twisting all 624
 * words for the first draw). Here the constant start is computed once, the state lives on
 * the stack, the seeding's loops have no branch, and only the words that the ~45 draws read
 * are twisted: the same numbers for a quarter of the work (~16,000 instructions).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

#define N 624
#define M 397
#define MATRIX_A 0x9908b0dfU
#define UPPER_MASK 0x80000000U
#define LOWER_MASK 0x7fffffffU
#define CARDS 32

/* The state after init_genrand(19650218), where every init_by_array starts. */
static uint32_t start_state[N];

static void
init_start_state(void)
{
    start_state[0] = 19650218U;
    for (uint32_t i = 1; i < N; i++) {
        uint32_t prev = start_state[i - 1];
        start_state[i] = 1812433253U * (prev ^ (prev >> 30)) + i;
    }
}

typedef struct {
    uint32_t mt[N];
    int index;   /* the next word to read */
    int twisted; /* words of this generation twisted so far (the reads need index < twisted) */
} Generator;

/* init_by_array(key, length) for a key of one or two words, its loops unrolled at their wraps:
 * each pass runs i from 1 (or 2) to N - 1, copies mt[N-1] to mt[0] and takes one more step at
 * i = 1; the first pass adds key[j] + j with j cycling through the key. */
static void
seed_by_key(Generator *g, uint32_t key0, uint32_t key1, int length)
{
    uint32_t *mt = g->mt;
    const uint32_t add[2] = {key0, length == 2 ? key1 + 1U : key0};
    uint32_t prev = start_state[0];
    for (int i = 1; i < N; i++) { /* N - 1 steps, j = (i - 1) % length */
        prev = (start_state[i] ^ ((prev ^ (prev >> 30)) * 1664525U)) + add[(i - 1) & 1];
        mt[i] = prev;
    }
    mt[0] = prev;
    prev = (mt[1] ^ ((prev ^ (prev >> 30)) * 1664525U)) + add[(N - 1) & 1]; /* step N */
    mt[1] = prev;
    for (uint32_t i = 2; i < N; i++) { /* N - 2 steps */
        prev = (mt[i] ^ ((prev ^ (prev >> 30)) * 1566083941U)) - i;
        mt[i] = prev;
    }
    mt[0] = prev;
    mt[1] = (mt[1] ^ ((prev ^ (prev >> 30)) * 1566083941U)) - 1U; /* step N - 1 */
    mt[0] = 0x80000000U;
    /* A freshly seeded generator twists all its words before the first read: start there. */
    g->index = N;
    g->twisted = N;
}

/* One step of the twist, the word kk, in the order that the full twist takes them: word kk
 * reads kk + 1 and kk + M (mod N) as the full twist would find them at that step. */
static inline void
twist_word(uint32_t *mt, int kk)
{
    uint32_t y = (mt[kk] & UPPER_MASK) | (mt[(kk + 1) % N] & LOWER_MASK);
    mt[kk] = mt[(kk + M) % N] ^ (y >> 1) ^ ((y & 1U) ? MATRIX_A : 0U);
}

static uint32_t
next_word(Generator *g)
{
    if (g->index >= N) {
        g->index = 0;
        g->twisted = 0;
    }
    while (g->twisted <= g->index) {
        twist_word(g->mt, g->twisted++);
    }
    uint32_t y = g->mt[g->index++];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= (y >> 18);
    return y;
}

static PyObject *
shuffled_order(PyObject *module, PyObject *seed)
{
    if (!PyLong_CheckExact(seed)) {
        PyErr_Format(PyExc_TypeError, "a seed must be an int, not %.100s", Py_TYPE(seed)->tp_name);
        return NULL;
    }
    int overflow;
    long long signed_seed = PyLong_AsLongLongAndOverflow(seed, &overflow);
    unsigned long long n;
    if (overflow == 0) {
        if (signed_seed == -1 && PyErr_Occurred()) {
            return NULL;
        }
        n = signed_seed < 0 ? 0ULL - (unsigned long long)signed_seed : (unsigned long long)signed_seed;
    }
    else {
        /* random.Random seeds with abs(seed). */
        PyObject *absolute = PyNumber_Absolute(seed);
        if (absolute == NULL) {
            return NULL;
        }
        n = PyLong_AsUnsignedLongLong(absolute);
        Py_DECREF(absolute);
        if (n == (unsigned long long)-1 && PyErr_Occurred()) {
            return NULL; /* OverflowError: 2**64 or more */
        }
    }
    /* random.Random's key: the seed's 32-bit words, least significant first (one for 0). */
    Generator g;
    seed_by_key(&g, (uint32_t)n, (uint32_t)(n >> 32), n >> 32 ? 2 : 1);

    int order[CARDS];
    for (int i = 0; i < CARDS; i++) {
        order[i] = i;
    }
    for (int i = CARDS - 1; i > 0; i--) {
        /* _randbelow(i + 1): getrandbits(k) for k the bit length of i + 1, until below i + 1. */
        int bits = 0;
        for (int v = i + 1; v; v >>= 1) {
            bits++;
        }
        int j = (int)(next_word(&g) >> (32 - bits));
        while (j > i) {
            j = (int)(next_word(&g) >> (32 - bits));
        }
        int swap = order[i];
        order[i] = order[j];
        order[j] = swap;
    }

    PyObject *result = PyTuple_New(CARDS);
    if (result == NULL) {
        return NULL;
    }
    for (int i = 0; i < CARDS; i++) {
        PyObject *card = PyLong_FromLong(order[i]); /* small ints: shared, never fails */
        if (card == NULL) {
            Py_DECREF(result);
            return NULL;
        }
        PyTuple_SET_ITEM(result, i, card);
    }
    return result;
}

static PyMethodDef methods[] = {
    {"shuffled_order", shuffled_order, METH_O,
     "shuffled_order(seed, /)\n--\n\n"
     "random.Random(seed).shuffle(list(range(32))) as a tuple, for an int seed with\n"
     "abs(seed) < 2**64 (OverflowError otherwise)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    "belot.engine._shuffle",
    "The seeded shuffle of the deck in C (see deal.shuffled_deck).",
    0,
    methods,
};

PyMODINIT_FUNC
PyInit__shuffle(void)
{
    init_start_state();
    return PyModule_Create(&module);
}
