package io.github.collapseexecutor.core.classic;

import io.github.collapseexecutor.core.Bundle;
import io.github.collapseexecutor.core.CollapseExecutorBlockingSupport;
import io.github.collapseexecutor.core.Input;
import java.util.Collection;
import java.util.List;
import java.util.Map;

// The classic README's fourth example (batch, blocking), as written there, its two methods left for
// the user to fill in; only the imports are this library's.
public class CustomBlockingCollapseExecutor
    extends CollapseExecutorBlockingSupport<Long, UserEntity, Map<Long, UserEntity>> {
  @Override
  protected Map<Long, UserEntity> doExecute(Collection<Input<Long>> inputs) {
    // 此处编写批量请求逻辑
    return null;
  }

  @Override
  protected void bindingOutput(
      Map<Long, UserEntity> users, List<Bundle<Long, UserEntity>> bundles) {
    // 此处编写批量响应与原始请求关联的逻辑
  }
}
