package dev.flowrun.cutout.classic;

import java.util.Arrays;

/** A growable list of ints without boxing, for pixel indices and spans. */
final class IntList {
    private int[] values;
    private int size;

    IntList(int capacity) {
        values = new int[Math.max(4, capacity)];
    }

    void add(int value) {
        if (size == values.length) {
            values = Arrays.copyOf(values, values.length * 2);
        }
        values[size++] = value;
    }

    int get(int index) {
        return values[index];
    }

    int size() {
        return size;
    }

    void clear() {
        size = 0;
    }

    /** Drops the values from {@code newSize} on. */
    void truncate(int newSize) {
        size = newSize;
    }
}
