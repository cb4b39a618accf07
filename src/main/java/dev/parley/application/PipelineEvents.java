package dev.parley.application;

import java.util.List;

/** Port through which committed pipeline events reach listeners (metrics, the console). */
public interface PipelineEvents {
    void publish(List<PipelineEvent> events);

    PipelineEvents NONE = events -> { };
}
