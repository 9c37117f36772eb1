package dev.flowrun.cli;

import dev.flowrun.lifecycle.ItemStatus;
import java.io.PrintStream;
import java.text.DecimalFormat;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * What the run command shows while a run goes on: on a terminal one progress bar (done of total, items per second,
 * time left, the failed count beside it); otherwise, or with {@code --quiet}, plain lines. A failed item is always
 * one line of its own (file, code, message).
 */
final class Progress implements AutoCloseable {
    private final PrintStream out;
    private final boolean lines;
    private final ProgressBar bar;
    private boolean closed;

    private Progress(PrintStream out, boolean lines, ProgressBar bar) {
        this.out = out;
        this.lines = lines;
        this.bar = bar;
    }

    static Progress open(int total, boolean terminal, boolean quiet, PrintStream out, PrintStream err) {
        if (!terminal || quiet) {
            return new Progress(out, !quiet, null);
        }
        ProgressBar bar = new ProgressBarBuilder().setTaskName("flowrun").setInitialMax(total)
                .setStyle(ProgressBarStyle.COLORFUL_UNICODE_BLOCK).setUpdateIntervalMillis(250)
                .setUnit(" items", 1).showSpeed(new DecimalFormat("0.0"))
                .setConsumer(new ConsoleProgressBarConsumer(err)).build();
        return new Progress(err, false, bar);
    }

    /** An item ended: {@code done} of the run's items have, {@code failed} of them failed. */
    synchronized void itemEnded(String name, String status, int done, int failed) {
        if (bar != null) {
            bar.stepTo(done);
            bar.setExtraMessage(failed > 0 ? failed + " failed" : "");
        } else if (lines && !status.equals(ItemStatus.FAILED.json())) {
            out.println(status + "  " + name);
        }
    }

    /** The run's total became known (a total that grows). */
    synchronized void total(int total) {
        if (bar != null && total > bar.getMax()) {
            bar.maxHint(total);
        }
    }

    /** A failed item's line, above the bar when there is one. */
    synchronized void failed(String name, String code, String message) {
        String line = "failed  " + name + ": " + code + ": " + message;
        if (bar != null) {
            out.print("\r\033[K");
        }
        out.println(line);
    }

    @Override
    public synchronized void close() {
        if (bar != null && !closed) {
            closed = true;
            bar.close();
        }
    }
}
