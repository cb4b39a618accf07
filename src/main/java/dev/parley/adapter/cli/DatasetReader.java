package dev.parley.adapter.cli;

import java.io.IOException;
import java.io.Reader;
import java.util.function.Consumer;

/** Streams the labelled messages of one evaluation-file format. */
interface DatasetReader {

    /** Hands every message to {@code sink}, in file order. */
    void read(Reader in, Consumer<LabelledMessage> sink) throws IOException, DatasetFormatException;
}
